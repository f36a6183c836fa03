extension Bitmap {
    /// This bitmap scaled by `factor` on both sides, each pixel interpolated between its four
    /// nearest (bilinear); its resolution scaled alike. What reads a piece of a page a second
    /// time, to see whether a reading holds (``ScriptLegibility/steadiness(of:and:)``).
    ///
    /// ```swift
    /// let larger = line.scaled(by: 1.4)
    /// ```
    ///
    /// - Precondition: `factor` is positive.
    public func scaled(by factor: Double) -> Bitmap {
        precondition(factor > 0, "a bitmap is scaled by a positive factor")
        let newWidth = max(1, Int((Double(width) * factor).rounded())), newHeight = max(1, Int((Double(height) * factor).rounded()))
        let channels = layout.channels
        var scaled = [UInt8](repeating: 0, count: newWidth * newHeight * channels)
        for y in 0..<newHeight {
            let sourceY = min(Double(height - 1), max(0, (Double(y) + 0.5) / factor - 0.5))
            let top = Int(sourceY), bottom = min(height - 1, top + 1), down = sourceY - Double(top)
            for x in 0..<newWidth {
                let sourceX = min(Double(width - 1), max(0, (Double(x) + 0.5) / factor - 0.5))
                let left = Int(sourceX), right = min(width - 1, left + 1), across = sourceX - Double(left)
                for channel in 0..<channels {
                    func value(_ column: Int, _ row: Int) -> Double { Double(pixels[(row * width + column) * channels + channel]) }
                    let upper = value(left, top) + (value(right, top) - value(left, top)) * across
                    let lower = value(left, bottom) + (value(right, bottom) - value(left, bottom)) * across
                    scaled[(y * newWidth + x) * channels + channel] = UInt8((upper + (lower - upper) * down).rounded())
                }
            }
        }
        return Bitmap(width: newWidth, height: newHeight, layout: layout, pixels: scaled, image: image,
                      resolution: resolution.map { $0 * factor })
    }
}
