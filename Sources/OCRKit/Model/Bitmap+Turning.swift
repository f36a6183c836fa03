extension Bitmap {
    /// This bitmap turned clockwise by `quarterTurns` quarter turns (any integer; negative turns
    /// go counter-clockwise). The resolution and image are kept.
    ///
    /// ```swift
    /// let upright = sideways.turned(clockwiseQuarterTurns: orientation.quarterTurns)
    /// ```
    public func turned(clockwiseQuarterTurns quarterTurns: Int) -> Bitmap {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        let channels = layout.channels
        let (newWidth, newHeight) = turns == 2 ? (width, height) : (height, width)
        var turned = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            turned.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    for x in 0..<newWidth {
                        // The source pixel that lands at (x, y).
                        let (sourceX, sourceY) = switch turns {
                        case 1: (y, height - 1 - x)
                        case 2: (width - 1 - x, height - 1 - y)
                        default: (width - 1 - y, x)
                        }
                        let from = (sourceY * width + sourceX) * channels, to = (y * newWidth + x) * channels
                        for channel in 0..<channels { target[to + channel] = source[from + channel] }
                    }
                }
            }
        }
        return Bitmap(width: newWidth, height: newHeight, layout: layout, pixels: turned, image: image,
                      resolution: resolution)
    }
}
