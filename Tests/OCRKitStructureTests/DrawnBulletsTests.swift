import OCRKit
import OCRKitImages
import OCRKitStructure
import Testing

/// Bullets drawn, not written, on a page of a PDF's own text: a small mark alone left of a
/// line, at its small letters' middle, opens a list item; nothing else does.
struct DrawnBulletsTests {
    /// A 600 x 100 page drawn, white, with `marks` (pixel rectangles) in black, and one line of
    /// text 30 pixels high from x 200 (its words' ink drawn too), as a text layer gives it.
    static func marked(_ text: String = "Apples", marks: [(x: Int, y: Int, width: Int, height: Int)],
                       otherLine: Rect? = nil) -> [String] {
        markedPage(text, marks: marks, otherLine: otherLine).lines.map(\.text)
    }

    static func markedPage(_ text: String = "Apples", marks: [(x: Int, y: Int, width: Int, height: Int)],
                           otherLine: Rect? = nil) -> Page {
        var pixels = [UInt8](repeating: 255, count: 600 * 100)
        for mark in marks + [(x: 200, y: 42, width: 300, height: 20)] {
            for y in mark.y..<(mark.y + mark.height) {
                for x in mark.x..<(mark.x + mark.width) { pixels[y * 600 + x] = 20 }
            }
        }
        let image = Bitmap(width: 600, height: 100, layout: .gray, pixels: pixels, image: "page.png")
        func line(_ text: String, _ box: Rect) -> Line {
            let quad = box.scaled(width: 600, height: 100).quad
            return Line(text: text, confidence: 1, box: box, quad: quad, words: [Word(text: text, confidence: 1, box: box, quad: quad)])
        }
        let lines = [line(text, Rect(x: 200.0 / 600, y: 0.35, width: 300.0 / 600, height: 0.3))]
            + (otherLine.map { [line("fruit.", $0)] } ?? [])
        var page = Page(image: "page.png", width: 600, height: 100, engine: EngineInfo(name: Page.embeddedTextEngine, version: "1"),
                        layout: [[lines]])
        page.regions = [Region(kind: .list, box: Rect(x: 0.25, y: 0.3, width: 0.6, height: 0.4), blocks: 0..<1, confidence: 0.9)]
        return DrawnBullets.marked(page, image: image)
    }

    @Test func aDiscLeftOfALineOpensAnItemItsPageKeptAroundIt() throws {
        // A disc 10 pixels across, its middle 18 pixels below the line's top (of 30).
        let page = Self.markedPage(marks: [(x: 170, y: 48, width: 10, height: 10)])
        #expect(page.lines.map(\.text) == ["• Apples"])
        let line = try #require(page.lines.first)
        #expect(line.words.map(\.text) == ["•", "Apples"] && abs(line.box.minX * 600 - 170) < 1)
        #expect(page.regions.map(\.kind) == [.list] && page.paragraphs.count == 1 && page.blocks.count == 1)
    }

    @Test func aPeriodALetterOrARuleLeftOfALineIsNoBullet() {
        // A period at the baseline, a letter's height, a rule down the line's side.
        #expect(Self.marked(marks: [(x: 170, y: 60, width: 4, height: 4)]) == ["Apples"])
        #expect(Self.marked(marks: [(x: 170, y: 38, width: 12, height: 24)]) == ["Apples"])
        #expect(Self.marked(marks: [(x: 185, y: 35, width: 2, height: 30)]) == ["Apples"])
        // Two marks apart, a word's letters: no mark standing alone.
        #expect(Self.marked(marks: [(x: 150, y: 48, width: 10, height: 10), (x: 175, y: 48, width: 10, height: 10)]) == ["Apples"])
    }

    @Test func aMarkOfAnotherLineOrBeforeAMarkerIsNoBullet() {
        // The last letter of another column's line, ending where the bullet would be.
        #expect(Self.marked(marks: [(x: 170, y: 48, width: 10, height: 10)], otherLine: Rect(x: 0.1, y: 0.35, width: 0.2, height: 0.3))
                == ["Apples", "fruit."])
        #expect(Self.marked("1. Apples", marks: [(x: 170, y: 48, width: 10, height: 10)]) == ["1. Apples"])
    }

    /// `text` rendered as a scan's line (DejaVu Serif 10 pt at 200 dpi) and read as `read`:
    /// the line's text once its bullets are told.
    static func scanned(_ text: String, read: String) throws -> String {
        let image = try TextRenderer.render(text, font: "DejaVu Serif 10", dpi: 200, margin: 20)
        let box = Rect(x: 16.0 / Double(image.width), y: 16.0 / Double(image.height),
                       width: Double(image.width - 32) / Double(image.width), height: Double(image.height - 32) / Double(image.height))
        let quad = box.scaled(width: Double(image.width), height: Double(image.height)).quad
        let words = read.split(separator: " ").map { Word(text: String($0), confidence: 0.9, box: box, quad: quad) }
        let line = Line(text: read, confidence: 0.9, box: box, quad: quad, words: words)
        let page = Page(image: "scan.png", width: image.width, height: image.height, engine: EngineInfo(name: "ppocr", version: "1"),
                        layout: [[[line]]])
        return DrawnBullets.marked(page, image: image).lines[0].text
    }

    @Test func aScansDiscOrSquareReadAsALetterIsABullet() throws {
        #expect(try Self.scanned("• Apples are red", read: "e Apples are red") == "• Apples are red")
        #expect(try Self.scanned("▪ Apples are red", read: "« Apples are red") == "• Apples are red")
    }

    @Test func aScansLetterOrCircleOpeningALineIsNoBullet() throws {
        #expect(try Self.scanned("a = 1", read: "a = 1") == "a = 1")
        #expect(try Self.scanned("e = 2**-5", read: "e = 2**-5") == "e = 2**-5")
        #expect(try Self.scanned("o clock", read: "o clock") == "o clock")
        // A hollow circle is not told from an `o`.
        #expect(try Self.scanned("◦ Apples are red", read: "o Apples are red") == "o Apples are red")
    }
}
