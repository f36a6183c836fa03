extension Bitmap {
    /// This bitmap with `part` pasted over it, its top left corner at `x`, `y`, clipped to this
    /// bitmap.
    ///
    /// - Precondition: both have the same layout.
    public func placing(_ part: Bitmap, x: Int, y: Int) -> Bitmap {
        precondition(part.layout == layout, "A \(part.layout) bitmap cannot be placed on a \(layout) one")
        var pixels = self.pixels
        let channels = layout.channels
        let columns = max(0, -x)..<max(max(0, -x), min(part.width, width - x))
        for row in 0..<part.height where y + row >= 0 && y + row < height && !columns.isEmpty {
            let from = (row * part.width + columns.lowerBound) * channels
            let to = ((y + row) * width + x + columns.lowerBound) * channels
            pixels.replaceSubrange(to..<to + columns.count * channels, with: part.pixels[from..<from + columns.count * channels])
        }
        return Bitmap(width: width, height: height, layout: layout, pixels: pixels, image: image, resolution: resolution)
    }
}
