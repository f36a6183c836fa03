import OCRKit
import OCRKitConversion
import Testing

/// A paragraph cut by a column's end goes on at the next column's head, as printed: where its
/// sentence does not end, and, justified, where the cut line is full though a sentence ends on it.
struct ColumnBreakTests {
    /// A page of 1000 x 1400 pixels of two columns, each one block of one paragraph: `first`'s
    /// lines from the left column's top, the last of them `lastWidth` of the column wide (the
    /// others full), then `second`'s lines from the right column's top.
    private static func page(first: [String], lastWidth: Double, second: [String]) -> Page {
        func line(_ text: String, column: Int, row: Int, width: Double) -> Line {
            let box = Rect(x: column == 0 ? 0.1 : 0.55, y: 0.1 + 0.02 * Double(row), width: 0.35 * width, height: 0.015)
            let quad = box.scaled(width: 1000, height: 1400).quad
            return Line(text: text, confidence: 0.9, box: box, quad: quad,
                        words: [Word(text: text, confidence: 0.9, box: box, quad: quad)])
        }
        let left = first.enumerated().map { row, text in line(text, column: 0, row: row, width: row == first.count - 1 ? lastWidth : 1) }
        let right = second.enumerated().map { row, text in line(text, column: 1, row: row, width: 1) }
        return Page(image: "scans/quotes.png", width: 1000, height: 1400, engine: EngineInfo(name: "test", version: "1"),
                    layout: [[left], [right]])
    }

    private static func texts(of page: Page) -> [String] {
        var converter = DocumentConverter(wordList: { _ in nil })
        return (converter.add(page) + converter.finish()).filter { $0.kind == .text }.map(\.text)
    }

    /// pip's survey report, printed justified in two columns: a quotation's sentence ends on the
    /// column's last line, set full, and the quotation goes on at the next column's head.
    static let quotation = ["minority. When participating in our local", "communities (Python Argentina), I feel clearly",
                            "not-minority, and with the responsibility of", "helping minorities, trying to build a more",
                            "welcoming and fair environment for them."]
    static let rest = ["But when I participate in the broader global", "community, at times I feel underrepresented."]

    @Test func aJustifiedParagraphWhoseCutLineIsFullGoesOnAtTheNextColumn() {
        #expect(Self.texts(of: Self.page(first: Self.quotation, lastWidth: 1, second: Self.rest))
            == [(Self.quotation + Self.rest).joined(separator: " ")])
    }

    /// The paragraph's own last line, set short, ends it.
    @Test func aShortLastLineEndsItsParagraphAtTheColumnsEnd() {
        #expect(Self.texts(of: Self.page(first: Self.quotation, lastWidth: 0.7, second: Self.rest))
            == [Self.quotation.joined(separator: " "), Self.rest.joined(separator: " ")])
    }

    /// A sentence broken at a column's end goes on at a digit or a bracket, full line or not.
    @Test(arguments: ["1000 and 10000 apart) when using a text console.", "(the most popular), or even 79."])
    func aSentenceGoesOnAtADigitOrABracket(_ next: String) {
        let first = ["provide digit dilimination (I.E. help me", "tell"]
        #expect(Self.texts(of: Self.page(first: first, lastWidth: 0.1, second: [next])) == ["provide digit dilimination (I.E. help me tell " + next])
    }
}
