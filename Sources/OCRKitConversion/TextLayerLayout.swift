import OCRKit
import OCRKitLayout

/// The reading order of a page of a PDF's own text, its tables and figures among its
/// paragraphs. The structure reader found them on the page drawn (``OCRKit/Page/tables``, their
/// cells filled with the page's words; ``OCRKit/Page/figures``): the page's lines are laid out
/// again from their boxes, each table and figure as one line standing in for it, over its box,
/// so that its column reads on around it as printed; the table or figure then takes that line's
/// place. A table's own lines are its cells'; a figure's (a chart's labels) are its picture's,
/// not the document's text (they stay in the page's).
enum TextLayerLayout {
    /// How far outside a table's or a figure's box a word's middle may lie and still be its, as
    /// a fraction of the page's side, as the structure reader placed them.
    static let margin = 0.005

    /// What a stand-in line stands for.
    private enum Place {
        case table(Int)
        case figure(Figure)
    }

    /// `page`'s paragraphs in reading order, its tables and figures among them.
    static func paragraphs(of page: Page) -> [PrintedParagraph] {
        let places = page.tables.indices.map { (Place.table($0), page.tables[$0].box) }
            + Figure.all(of: page).map { (Place.figure($0), $0.box) }
        guard !places.isEmpty else { return PrintedParagraph.paragraphs(of: LayoutAnalyzer().arrange(page)) }
        let areas = places.map { $0.1.insetBy(dx: -margin, dy: -margin) }
        // A text layer's lines lie in a table or a figure or out of them: a line's middle tells which.
        let outside = page.lines.filter { line in !areas.contains { $0.contains(Point(x: line.box.midX, y: line.box.midY)) } }
        let standIns = places.indices.map { index in
            let words = if case .table(let table) = places[index].0 { page.tables[table].cells.count } else { 1 }
            return standIn(for: index, box: places[index].1, words: words, on: page)
        }
        let arranged = LayoutAnalyzer().arrange(page.replacingLayout([[outside + standIns]]))
        // Each stand-in a paragraph of its own, between the lines before it and after it.
        let layout = arranged.layout.map { block in
            block.flatMap { paragraph in
                paragraph.split(isolating: { place(standingIn: $0) != nil })
            }
        }
        return PrintedParagraph.paragraphs(of: arranged.replacingLayout(layout)).map { paragraph in
            guard paragraph.lines.count == 1, let index = place(standingIn: paragraph.lines[0]) else { return paragraph }
            switch places[index].0 {
            case .table(let table): return PrintedParagraph(table: page.tables[table])
            case .figure(let figure): return PrintedParagraph(figure: figure)
            }
        }
    }

    /// What marks a line standing in for a table or a figure: the object replacement character,
    /// then the place's index.
    private static let standInMark: Character = "\u{FFFC}"

    /// A line of `words` words over `box`, as wide and tall, standing in for place `index`.
    private static func standIn(for index: Int, box: Rect, words: Int, on page: Page) -> Line {
        let quad = box.scaled(width: Double(page.width), height: Double(page.height)).quad
        let text = String(standInMark) + String(index)
        let word = Word(text: text, confidence: 1, box: box, quad: quad)
        return Line(text: text, confidence: 1, box: box, quad: quad, words: Array(repeating: word, count: words))
    }

    /// The index of the place `line` stands in for; `nil` for a line of text.
    private static func place(standingIn line: Line) -> Int? {
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
