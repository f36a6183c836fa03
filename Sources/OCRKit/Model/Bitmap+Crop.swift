extension Bitmap {
    /// The pixels inside `rect` (in pixels, rounded outwards), clipped to the bitmap; `nil` when
    /// nothing of `rect` lies inside it.
    ///
    /// ```swift
    /// let plate = frame.cropped(to: box.scaled(width: Double(frame.width), height: Double(frame.height)))
    /// ```
    public func cropped(to rect: Rect) -> Bitmap? {
        let left = max(0, Int(rect.minX.rounded(.down))), right = min(width, Int(rect.maxX.rounded(.up)))
        let top = max(0, Int(rect.minY.rounded(.down))), bottom = min(height, Int(rect.maxY.rounded(.up)))
        guard left < right, top < bottom else { return nil }
        let channels = layout.channels
        var cropped = [UInt8]()
        cropped.reserveCapacity((right - left) * (bottom - top) * channels)
        for row in top..<bottom {
            let start = (row * width + left) * channels
            cropped.append(contentsOf: pixels[start..<start + (right - left) * channels])
        }
        return Bitmap(width: right - left, height: bottom - top, layout: layout, pixels: cropped, source: source,
                      resolution: resolution)
    }
}
