import OCRKit
import OCRKitLayout

/// The tables of a page of a PDF's own text, as a structure reader found them on the page drawn
/// (``OCRKit/Page/tables``, their cells filled with the page's words): the page's other words are
/// laid out again without the tables' lines, and each table goes back in where it stands.
enum TextLayerTables {
    /// How far outside a table's box a word's middle may lie and still be the table's, as a
    /// fraction of the page's side, as the structure reader placed them.
    static let margin = 0.005

    /// `page`'s paragraphs in reading order, its tables among them.
    static func paragraphs(of page: Page) -> [PrintedParagraph] {
        guard !page.tables.isEmpty else { return PrintedParagraph.paragraphs(of: LayoutAnalyzer().arrange(page)) }
        let areas = page.tables.map { $0.box.insetBy(dx: -margin, dy: -margin) }
        // A text layer's lines lie in a table or out of it: a line's middle tells which.
        let outside = page.lines.filter { line in !areas.contains { $0.contains(Point(x: line.box.midX, y: line.box.midY)) } }
        var paragraphs = PrintedParagraph.paragraphs(of: LayoutAnalyzer().arrange(page.replacingLayout([[outside]])))
        for table in page.tables.sorted(by: { $0.box.minY < $1.box.minY }) {
            paragraphs.insert(PrintedParagraph(table: table), at: place(of: table.box, among: paragraphs.map { $0.box }))
        }
        return paragraphs
    }

    /// Where a table at `box` goes among paragraphs at `boxes`, in reading order: before the first
    /// paragraph of its column that lies below its top, else after the last of its column above it.
    static func place(of box: Rect, among boxes: [Rect]) -> Int {
        func sharesColumn(_ other: Rect) -> Bool { min(box.maxX, other.maxX) - max(box.minX, other.minX) > 0 }
        if let below = boxes.firstIndex(where: { sharesColumn($0) && $0.midY > box.minY }) { return below }
        if let above = boxes.lastIndex(where: { sharesColumn($0) && $0.midY <= box.minY }) { return above + 1 }
        return boxes.count
    }
}
