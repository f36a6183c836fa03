import OCRKit

extension Bitmap {
    /// This gray bitmap as a worn scan: blurred, its ink lighter, speckled; the same for the same
    /// `seed`. Rendered text made mildly harder to read, as printed pages come back from a scanner.
    ///
    /// ```swift
    /// let scanned = try TextRenderer.render("Москва").worn(seed: 7)
    /// ```
    public func worn(seed: UInt64) -> Bitmap {
        precondition(layout == .gray, "only gray bitmaps are worn")
        var random = SplitMix64(seed: seed)
        var worn = pixels
        for y in 1..<max(1, height - 1) {
            for x in 1..<max(1, width - 1) {
                var sum = 0
                for dy in -1...1 {
                    for dx in -1...1 { sum += Int(pixels[(y + dy) * width + x + dx]) }
                }
                let lighter = 60 + sum / 9 * 195 / 255
                worn[y * width + x] = UInt8(clamping: lighter + Int(random.next() % 41) - 20)
            }
        }
        return Bitmap(width: width, height: height, layout: layout, pixels: worn, image: image, resolution: resolution)
    }
}
