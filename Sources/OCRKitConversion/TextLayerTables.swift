import OCRKit
import OCRKitLayout

/// The tables of a page of a PDF's own text, as a structure reader found them on the page drawn
/// (``OCRKit/Page/tables``, their cells filled with the page's words): the page's other words are
/// laid out again without the tables' lines, and each table goes back in where it stands.
enum TextLayerTables {
    /// How far outside a table's box a word's middle may lie and still be the table's, as a
    /// fraction of the page's side, as the structure reader placed them.
    static let margin = 0.005

    /// `page`'s paragraphs in reading order, its tables among them: each table laid out with the
    /// page's other lines as one line standing in for it, over its box, so that its column reads
    /// on around it as printed, and put in that line's place.
    static func paragraphs(of page: Page) -> [PrintedParagraph] {
        guard !page.tables.isEmpty else { return PrintedParagraph.paragraphs(of: LayoutAnalyzer().arrange(page)) }
        let areas = page.tables.map { $0.box.insetBy(dx: -margin, dy: -margin) }
        // A text layer's lines lie in a table or out of it: a line's middle tells which.
        let outside = page.lines.filter { line in !areas.contains { $0.contains(Point(x: line.box.midX, y: line.box.midY)) } }
        let standIns = page.tables.indices.map { standIn(for: $0, on: page) }
        let arranged = LayoutAnalyzer().arrange(page.replacingLayout([[outside + standIns]]))
        // Each stand-in a paragraph of its own, between the lines before it and after it.
        let layout = arranged.layout.map { block in
            block.flatMap { paragraph in
                paragraph.split(isolating: { table(standingIn: $0) != nil })
            }
        }
        return PrintedParagraph.paragraphs(of: arranged.replacingLayout(layout)).map { paragraph in
            guard paragraph.lines.count == 1, let index = table(standingIn: paragraph.lines[0]) else { return paragraph }
            return PrintedParagraph(table: page.tables[index])
        }
    }

    /// What marks a line standing in for a table: the object replacement character, then the
    /// table's index among the page's.
    private static let standInMark: Character = "\u{FFFC}"

    /// A line over the box of `page`'s table `index`, as wide and tall, of as many words as its cells.
    private static func standIn(for index: Int, on page: Page) -> Line {
        let box = page.tables[index].box
        let quad = box.scaled(width: Double(page.width), height: Double(page.height)).quad
        let words = page.tables[index].cells.map { _ in
            Word(text: String(standInMark) + String(index), confidence: 1, box: box, quad: quad)
        }
        return Line(text: String(standInMark) + String(index), confidence: 1, box: box, quad: quad, words: words)
    }

    /// The index of the table `line` stands in for; `nil` for a line of text.
    private static func table(standingIn line: Line) -> Int? {
        guard line.text.first == standInMark else { return nil }
        return Int(line.text.dropFirst())
    }
}

private extension Array {
    /// The array in pieces: each element `isolates` picks alone, and the runs between them; no
    /// piece empty.
    func split(isolating isolates: (Element) -> Bool) -> [[Element]] {
        var pieces: [[Element]] = [[]]
        for element in self {
            if isolates(element) {
                pieces += [[element], []]
            } else {
                pieces[pieces.count - 1].append(element)
            }
        }
        return pieces.filter { !$0.isEmpty }
    }
}
