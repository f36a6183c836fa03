extension Page {
    /// Whether one of its lines holds two words a column's gutter parts (``Gutter``): lines an
    /// engine found across two columns and read as one ("…you could which the output is
    /// displayed."), as Tesseract's page segmentation does beside a table in the next column.
    ///
    /// ```swift
    /// if page.joinsColumns { page = page.partedAtGutters() }
    /// ```
    public var joinsColumns: Bool {
        let words = wordBoxes
        return lines.indices.contains { pieces(ofLine: $0, among: words).count > 1 }
    }

    /// The page with each line that runs across a gutter parted there, the pieces in the line's
    /// paragraph, left to right.
    public func partedAtGutters() -> Page {
        let words = wordBoxes
        let parted = lines.indices.map { pieces(ofLine: $0, among: words) }
        guard parted.contains(where: { $0.count > 1 }) else { return self }
        return replacingLayout(blocks.map { block in
            block.paragraphs.map { paragraphs[$0].lines.flatMap { parted[$0] } }
        })
    }

    /// Every word's box in pixels: a gutter is judged in line heights across and down alike.
    private var wordBoxes: [Rect] {
        lines.flatMap(\.words).map { $0.box.scaled(width: Double(width), height: Double(height)) }
    }

    /// Line `index` parted at each gutter between two of its words; the line alone when none.
    private func pieces(ofLine index: Int, among words: [Rect]) -> [Line] {
        let line = lines[index], lineHeight = line.box.height * Double(height)
        let boxes = line.words.map { $0.box.scaled(width: Double(width), height: Double(height)) }
        let breaks = boxes.indices.dropFirst().filter { index in
            let (left, right) = (boxes[index - 1], boxes[index])
            return right.minX - left.maxX >= Gutter.narrowest * lineHeight && Gutter.parts(left, right, among: words, lineHeight: lineHeight)
        }
        guard !breaks.isEmpty else { return [line] }
        return zip([0] + breaks, breaks + [line.words.count]).map { Line(words: Array(line.words[$0..<$1])) }
    }
}
