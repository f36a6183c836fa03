import OCRKit

/// Groups words into lines on pages that may be skewed: in the frame of the words' dominant
/// angle, a word joins the line whose middle is nearest its own, within half a word height
/// across and ``LayoutOptions/wordGap`` line heights along, unless the word opens a column
/// past a gap of ``LayoutOptions/columnGap`` or more (``OCRKit/Gutter/opensColumn(_:among:lineHeight:late:)``):
/// two columns a narrow gutter apart are two lines a row; a list's items, whose words open in
/// one place too, stand closer to their bullets.
struct WordGrouper {
    let options: LayoutOptions

    func lines(from words: [Word], pageWidth: Int, pageHeight: Int) -> [Line] {
        let frame = ReadingFrame(quads: words.map(\.quad))
        let rects = words.map { frame.rect(of: $0.quad) }
        let height = rects.map(\.height).median ?? 1

        var lines: [(members: [Int], rect: Rect)] = []
        for index in words.indices.sorted(by: { rects[$0].minX < rects[$1].minX }) {
            let rect = rects[index]
            let candidates = lines.indices.filter { line in
                let gap = rect.minX - lines[line].rect.maxX
                return abs(lines[line].rect.midY - rect.midY) < height / 2 && gap < options.wordGap * height && gap > -height / 2
                    && (gap < options.columnGap * height || isLoneMark(lines[line].members.map { words[$0] })
                        || !Gutter.opensColumn(rect, among: rects, lineHeight: height, late: lateness(after: gap, height: height)))
            }
            if let nearest = candidates.min(by: { abs(lines[$0].rect.midY - rect.midY) < abs(lines[$1].rect.midY - rect.midY) }) {
                lines[nearest].members.append(index)
                lines[nearest].rect = lines[nearest].rect.union(rect)
            } else {
                lines.append(([index], rect))
            }
        }
        return lines.map { line in
            let members = line.members.map { words[$0] }
            let quad = frame.quad(of: line.rect)
            let box = quad.boundingRect.scaled(width: 1 / Double(pageWidth), height: 1 / Double(pageHeight))
            let confidence = members.map(\.confidence).reduce(0, +) / Double(members.count)
            return Line(text: members.map(\.text).joined(separator: " "), confidence: confidence, box: box, quad: quad,
                        words: members)
        }
    }

    /// Whether `words`, a line so far, are a lone mark: one glyph, no digit or capital (a
    /// table's first cell). A list's bullet, read as whatever a recogniser makes of it (`•`,
    /// `e`, `«`, `¢`), opens no column's line, though its item's words open where the item's
    /// wrapped lines do, a column's gap after it.
    private func isLoneMark(_ words: [Word]) -> Bool {
        guard words.count == 1, let glyph = words[0].text.first, words[0].text.count == 1 else { return false }
        return !glyph.isNumber && !glyph.isUppercase
    }

    /// How late, in line heights, a word after a gap of `gap` pixels may open past a column's
    /// edge (``OCRKit/Gutter/lateOpening``, its first glyph lost) and still open that column: so
    /// late that the gap left before the edge is still a column's gap. A list's bullet, about a
    /// column's gap before its item, is not parted from it by a glyph the item lost.
    private func lateness(after gap: Double, height: Double) -> Double {
        min(Gutter.lateOpening, max(0, gap / height - options.columnGap))
    }
}
