import OCRKit

/// Splits a block's lines, in reading order, into paragraphs: at first-line or hanging indents,
/// and before bullets and numbered items.
struct ParagraphSplitter {
    let lineHeight: Double
    let options: LayoutOptions

    /// A new paragraph starts before a list item, and at an indent: in a block where indented
    /// lines are few, each starts a paragraph (first-line indents); where they are most lines,
    /// they continue one and each flush line starts a paragraph (hanging indents). Lines indented
    /// under a list item continue it. (Gaps between paragraphs are block breaks, found before.)
    func paragraphs(_ lines: [(text: String, rect: Rect)]) -> [Range<Int>] {
        guard !lines.isEmpty else { return [] }
        let left = lines.map(\.rect.minX).min() ?? 0
        let isIndented = lines.map { $0.rect.minX - left >= options.indent * lineHeight }
        let isListItem = lines.map { ListMarker.marker(of: $0.text) != nil }
        let prose = lines.indices.filter { !isListItem[$0] }
        let hanging = prose.filter { isIndented[$0] }.count * 2 > prose.count

        var starts = [0]
        var inListItem = isListItem[0]
        for index in 1..<lines.count {
            let gap = lines[index].rect.minY - lines[index - 1].rect.maxY
            let startsParagraph: Bool
            if isListItem[index] {
                startsParagraph = true
                inListItem = true
            } else if inListItem && isIndented[index] && gap <= options.paragraphGap * lineHeight {
                startsParagraph = false
            } else if abs(lines[index].rect.midY - lines[index - 1].rect.midY) < lineHeight / 2 {
                // Another cell of the same row, as in a receipt or a table.
                startsParagraph = false
            } else {
                inListItem = false
                startsParagraph = gap > options.paragraphGap * lineHeight || (hanging ? !isIndented[index] : isIndented[index])
            }
            if startsParagraph { starts.append(index) }
        }
        return zip(starts, starts.dropFirst() + [lines.count]).map { $0..<$1 }
    }
}
