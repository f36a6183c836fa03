extension Bitmap {
    /// The share of the image's ink (its pixels darker than Otsu's threshold) that lies outside
    /// `regions`, normalised to the image: how much of what is on a page a reading of it left
    /// out. 0 for an image without ink.
    ///
    /// ```swift
    /// let unread = bitmap.inkShare(outside: page.lines.map(\.box))
    /// print(unread > 0.02 ? "something on the page was not read" : "every mark was read")
    /// ```
    public func inkShare(outside regions: [Rect]) -> Double {
        inkShare(outsidePixels: regions.map { $0.scaled(width: Double(width), height: Double(height)) })
    }

    /// The share of the image's ink outside the margins of `lines`: the text a reading of them
    /// did not read. A line's margin is room for the marks of its letters that a tight box
    /// leaves out: its box widened by its height at each end and by a quarter of it above and
    /// below, in pixels (a box's normalised height is not a length across a wide image).
    ///
    /// ```swift
    /// let unread = bitmap.inkShare(outsideMarginsOf: page.lines)
    /// print(unread > 0.5 ? "most of the text was not read" : "most of it was")
    /// ```
    public func inkShare(outsideMarginsOf lines: [Line]) -> Double {
        inkShare(outsidePixels: lines.map { line in
            let box = line.box.scaled(width: Double(width), height: Double(height))
            return box.insetBy(dx: -box.height, dy: -box.height / 4)
        })
    }

    /// ``inkShare(outside:)`` of regions in pixels.
    private func inkShare(outsidePixels regions: [Rect]) -> Double {
        let values = luminance()
        let threshold = Self.otsuThreshold(of: values)
        var covered = [Bool](repeating: false, count: width * height)
        for pixels in regions {
            let left = max(0, Int(pixels.minX.rounded(.down))), right = min(width, Int(pixels.maxX.rounded(.up)))
            let top = max(0, Int(pixels.minY.rounded(.down))), bottom = min(height, Int(pixels.maxY.rounded(.up)))
            guard left < right, top < bottom else { continue }
            for y in top..<bottom {
                for x in left..<right { covered[y * width + x] = true }
            }
        }
        var ink = 0, outside = 0
        for index in values.indices where values[index] <= threshold {
            ink += 1
            if !covered[index] { outside += 1 }
        }
        return ink == 0 ? 0 : Double(outside) / Double(ink)
    }

    /// Whether the image holds dark marks on a plain, light ground, as a page or a label of text
    /// does: Otsu's dark class at most ``marksShare`` of the pixels and ``marksContrast`` levels
    /// darker than the light one on average. A blank scan's specks differ from their paper by a
    /// few levels; a photo's dark half is no marks. What says an image read as nothing holds text
    /// all the same.
    ///
    /// ```swift
    /// if page.text.isEmpty, bitmap.holdsMarks { print("text on the page was not read") }
    /// ```
    public var holdsMarks: Bool {
        let values = luminance()
        let threshold = Self.otsuThreshold(of: values)
        var dark = 0, darkSum = 0, lightSum = 0
        for value in values {
            if value <= threshold { dark += 1; darkSum += Int(value) } else { lightSum += Int(value) }
        }
        guard dark > 0, dark < values.count, Double(dark) <= Self.marksShare * Double(values.count) else { return false }
        return Double(lightSum) / Double(values.count - dark) - Double(darkSum) / Double(dark) >= Self.marksContrast
    }

    /// The largest share of an image's pixels its marks take (``holdsMarks``): lines of text
    /// darken a tenth or less of their page.
    public static let marksShare = 0.3
    /// How many levels of brightness (of 255) marks are darker than their ground on average
    /// (``holdsMarks``): printed text, 150 or more; a blank scan's specks, a few.
    public static let marksContrast = 100.0

    /// The paper's shade in the first channel: the median of a sample of the pixels, most of a
    /// page being paper. What ink is told by, darker than it.
    public var paperShade: Int {
        var sample = stride(from: 0, to: width * height, by: 97).map { pixels[$0 * layout.channels] }
        sample.sort()
        return Int(sample.isEmpty ? 255 : sample[sample.count / 2])
    }

    /// Each pixel's brightness, 0 (black) to 255.
    func luminance() -> [UInt8] {
        switch layout {
        case .gray:
            return pixels
        case .rgb:
            return (0..<(width * height)).map { index in
                let red = Int(pixels[3 * index]), green = Int(pixels[3 * index + 1]), blue = Int(pixels[3 * index + 2])
                return UInt8((299 * red + 587 * green + 114 * blue) / 1000)
            }
        }
    }

    /// The brightness that best splits `values` into a dark and a light class (Otsu's method):
    /// the one of largest variance between the two. Values at or below it are dark.
    static func otsuThreshold(of values: [UInt8]) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in values { histogram[Int(value)] += 1 }
        let total = Double(values.count)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var darkCount = 0.0, darkSum = 0.0, best = 0.0, threshold = 0
        for level in 0..<255 {
            darkCount += Double(histogram[level])
            darkSum += Double(level * histogram[level])
            let lightCount = total - darkCount
            guard darkCount > 0, lightCount > 0 else { continue }
            let difference = darkSum / darkCount - (sum - darkSum) / lightCount
            let between = darkCount * lightCount * difference * difference
            if between > best {
                best = between
                threshold = level
            }
        }
        return UInt8(threshold)
    }
}
