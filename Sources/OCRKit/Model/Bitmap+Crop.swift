extension Bitmap {
    /// `rect` (in pixels) rounded outwards to whole pixels and clipped to the bitmap; `nil` when
    /// nothing of it lies inside.
    public func pixelBounds(of rect: Rect) -> Rect? {
        let left = max(0, rect.minX.rounded(.down)), right = min(Double(width), rect.maxX.rounded(.up))
        let top = max(0, rect.minY.rounded(.down)), bottom = min(Double(height), rect.maxY.rounded(.up))
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The pixels inside `rect` (in pixels, rounded outwards), clipped to the bitmap; `nil` when
    /// nothing of `rect` lies inside it.
    ///
    /// ```swift
    /// let plate = frame.cropped(to: box.scaled(width: Double(frame.width), height: Double(frame.height)))
    /// ```
    public func cropped(to rect: Rect) -> Bitmap? {
        guard let bounds = pixelBounds(of: rect) else { return nil }
        let left = Int(bounds.minX), right = Int(bounds.maxX), top = Int(bounds.minY), bottom = Int(bounds.maxY)
        let channels = layout.channels
        var cropped = [UInt8]()
        cropped.reserveCapacity((right - left) * (bottom - top) * channels)
        for row in top..<bottom {
            let start = (row * width + left) * channels
            cropped.append(contentsOf: pixels[start..<start + (right - left) * channels])
        }
        return Bitmap(width: right - left, height: bottom - top, layout: layout, pixels: cropped, image: image,
                      resolution: resolution)
    }
}
