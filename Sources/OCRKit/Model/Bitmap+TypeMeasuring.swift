extension Bitmap {
    /// The type of each of `lines`, measured in their boxes (``MeasuredType``); `nil` for a line
    /// without ink in its box. The image is the one the lines were read from, at the size and
    /// orientation they were read at.
    ///
    /// Ink is what is darker than the page's Otsu threshold. A line's x-height is the longest
    /// run of its rows each holding at least half the median ink of its rows with ink: the band
    /// between its baseline and its small letters' tops, crossed by every letter, where the
    /// rows above and below are crossed by a few capitals, ascenders and descenders. Its stroke
    /// width is the mean length of the runs of ink across that band. Runs longer than the line
    /// is high (an underline, a table's rule crossing the box) are no letter's strokes and are
    /// left out.
    ///
    /// ```swift
    /// var page = page
    /// for (index, type) in bitmap.measuredTypes(of: page.lines).enumerated() { page.lines[index].measuredType = type }
    /// ```
    public func measuredTypes(of lines: [Line]) -> [MeasuredType?] {
        let values = luminance()
        let threshold = Self.otsuThreshold(of: values)
        return lines.map { line in
            let box = line.box.scaled(width: Double(width), height: Double(height))
            let left = max(0, Int(box.minX.rounded(.down))), right = min(width, Int(box.maxX.rounded(.up)))
            let top = max(0, Int(box.minY.rounded(.down))), bottom = min(height, Int(box.maxY.rounded(.up)))
            guard left < right, top < bottom else { return nil }
            let longest = bottom - top
            // Each row's ink in runs no longer than the line is high, and how many such runs.
            var rows: [(ink: Int, runs: Int)] = []
            for y in top..<bottom {
                var ink = 0, runs = 0, run = 0
                for x in left...right {
                    if x < right, values[y * width + x] <= threshold {
                        run += 1
                    } else if run > 0 {
                        if run <= longest { (ink, runs) = (ink + run, runs + 1) }
                        run = 0
                    }
                }
                rows.append((ink, runs))
            }
            guard let median = rows.map({ Double($0.ink) }).filter({ $0 > 0 }).median else { return nil }
            // The longest run of rows holding half the median ink or more; the end a row short of it.
            var band = rows[0..<0], start = 0
            for end in rows.indices.filter({ 2 * Double(rows[$0].ink) < median }) + [rows.count] {
                if end - start > band.count { band = rows[start..<end] }
                start = end + 1
            }
            let ink = band.reduce(0) { $0 + $1.ink }, runs = band.reduce(0) { $0 + $1.runs }
            return MeasuredType(xHeight: Double(band.count), strokeWidth: Double(ink) / Double(max(runs, 1)))
        }
    }
}
