import Foundation
import OCRKit
import OCRKitLayout
import Testing

/// A line of `text` with its top left at (`x`, `y`) in a 2000 x 2000 page, 40 pixels high, 20
/// pixels a character, turned by `angle` radians about the page's top left.
private func line(_ text: String, x: Double, y: Double, confidence: Double = 0.9, angle: Double = 0,
                  height: Double = 40, characterWidth: Double = 20) -> Line {
    let rect = Rect(x: x, y: y, width: Double(text.count) * characterWidth, height: height)
    let turn = { (point: Point) in
        Point(x: point.x * cos(angle) - point.y * sin(angle), y: point.x * sin(angle) + point.y * cos(angle))
    }
    let quad = rect.quad.map(turn)
    return Line(text: text, confidence: confidence, box: quad.boundingRect.scaled(width: 1 / 2000, height: 1 / 2000),
                quad: quad)
}

private func page(_ lines: [Line], lineFinding: EngineInfo.LineFinding = .layoutAnalysis) -> Page {
    Page(image: "synthetic", width: 2000, height: 2000, engine: EngineInfo(name: "test", version: "1", lineFinding: lineFinding),
         lines: lines)
}

/// Each word of `lines` as a line of its own, turned by `angle` radians: what a text detector
/// gives for a page whose words stand apart.
private func looseWords(of lines: [Line], angle: Double) -> [Line] {
    var loose: [Line] = []
    for line in lines {
        var x = line.quad.topLeft.x, y = line.quad.topLeft.y
        for token in line.text.split(separator: " ") {
            let word = String(token)
            let width = Double(word.count) * 20
            // The word's box turned about its own top left, then placed there.
            let quad = Rect(x: 0, y: 0, width: width, height: 40).quad.map {
                Point(x: x + $0.x * cos(angle) - $0.y * sin(angle), y: y + $0.x * sin(angle) + $0.y * cos(angle))
            }
            let box = quad.boundingRect.scaled(width: 1 / 2000, height: 1 / 2000)
            let item = Word(text: word, confidence: 0.9, box: box, quad: quad)
            loose.append(Line(text: word, confidence: 0.9, box: box, quad: quad, words: [item]))
            x += (width + 20) * cos(angle)
            y += (width + 20) * sin(angle)
        }
    }
    return loose
}

/// A title, two columns of running text, and a footer, at `angle`.
private func twoColumnPage(angle: Double = 0) -> (lines: [Line], order: [String]) {
    var lines = [line("A Title Across Both Columns", x: 100, y: 100, angle: angle)]
    for row in 0..<5 {
        lines.append(line("left column line \(row) runs on", x: 100, y: 200 + Double(row) * 60, angle: angle))
        lines.append(line("right column line \(row) runs on", x: 900, y: 200 + Double(row) * 60, angle: angle))
    }
    lines.append(line("the footer under both columns", x: 100, y: 600, angle: angle))
    let order = [lines[0].text] + (0..<5).map { "left column line \($0) runs on" }
        + (0..<5).map { "right column line \($0) runs on" } + [lines.last!.text]
    return (lines, order)
}

@Suite struct LayoutAnalyzerTests {
    let analyzer = LayoutAnalyzer()

    @Test func readsColumnsOneAfterTheOther() {
        let (lines, order) = twoColumnPage()
        var generator = SystemRandomNumberGenerator()
        let arranged = analyzer.arrange(page(lines.shuffled(using: &generator)))
        #expect(arranged.lines.map(\.text) == order)
        #expect(arranged.blocks.count >= 3)
    }

    @Test func paragraphBreaksThatLineUpDoNotInterleaveColumns() {
        // Three columns of two paragraphs each, their breaks at the same height; the middle
        // column's second paragraph has short lines, so its gutters are widest in other places.
        var lines = [line("Short Title", x: 100, y: 100)]
        var order = ["Short Title"]
        for column in 0..<3 {
            let x = 100 + Double(column) * 700
            for paragraph in 0..<2 {
                for row in 0..<3 {
                    let text = column == 1 && paragraph == 1 ? "short words \(row) here" : "column \(column) paragraph \(paragraph) line \(row)"
                    lines.append(line(text, x: x, y: 200 + Double(paragraph) * 250 + Double(row) * 50))
                    order.append(text)
                }
            }
        }
        lines.append(line("Footer", x: 100, y: 800))
        order.append("Footer")
        let arranged = analyzer.arrange(page(lines.reversed()))
        #expect(arranged.lines.map(\.text) == order)
    }

    /// Columns 30 pixels apart in lines 40 tall (LaTeX's 10 pt in 12 pt lines): a gutter when
    /// it runs down five lines of running text on each side; down two, it may be a justified
    /// paragraph's spaces lining up, and the rows are read across.
    @Test(arguments: [(rows: 6, isGutter: true), (rows: 2, isGutter: false)])
    func aNarrowGutterPartsLongColumnsOnly(rows: Int, isGutter: Bool) {
        var lines: [Line] = [], columnOrder: [String] = [], rowOrder: [String] = []
        for row in 0..<rows {
            for column in 0..<2 {
                // 30 characters of 20 pixels: 600 wide, the second column 30 pixels right of the first.
                let text = "column \(column) row \(row) running words".padding(toLength: 30, withPad: ".", startingAt: 0)
                lines.append(line(text, x: 100 + Double(column) * 630, y: 100 + Double(row) * 50))
                rowOrder.append(text)
            }
        }
        columnOrder = rowOrder.enumerated().sorted { ($0.offset % 2, $0.offset) < ($1.offset % 2, $1.offset) }.map(\.element)
        let arranged = analyzer.arrange(page(lines.reversed()))
        #expect(arranged.lines.map(\.text) == (isGutter ? columnOrder : rowOrder))
    }

    @Test func aColumnThatRunsLowerIsReadToItsEndBeforeTheNext() {
        // Two columns of three paragraphs; the left one's last paragraph stands below the right
        // column's end, a paragraph's gap from its own column, and a footer further off.
        var lines: [Line] = [], order: [String] = []
        for column in 0..<2 {
            for paragraph in 0..<(column == 0 ? 3 : 2) {
                for row in 0..<3 {
                    let text = "column \(column) paragraph \(paragraph) line \(row) runs on"
                    lines.append(line(text, x: 100 + Double(column) * 900, y: 100 + Double(paragraph) * 260 + Double(row) * 60))
                    order.append(text)
                }
            }
        }
        lines.append(line("Footer", x: 100, y: 1200))
        order.append("Footer")
        #expect(analyzer.arrange(page(lines.reversed())).lines.map(\.text) == order)
    }

    @Test func aColumnOfCodeBesideProseIsStillAColumn() {
        // Two columns whose paragraph breaks line up; below them the left column holds short
        // lines of code, which alone would not make running text, beside the right's prose.
        var lines: [Line] = [], order: [String] = []
        for column in 0..<2 {
            for row in 0..<3 {
                let text = "column \(column) paragraph 0 line \(row) runs on"
                lines.append(line(text, x: 100 + Double(column) * 900, y: 100 + Double(row) * 60))
                order.append(text)
            }
            for row in 0..<6 {
                let text = column == 0 ? "<li\(row)>" : "column 1 paragraph 1 line \(row) runs on"
                lines.append(line(text, x: 100 + Double(column) * 900, y: 400 + Double(row) * 60))
                order.append(text)
            }
        }
        #expect(analyzer.arrange(page(lines.reversed())).lines.map(\.text) == order)
    }

    @Test func readsASkewedPageLikeAStraightOne() {
        let (lines, order) = twoColumnPage(angle: 0.06)
        #expect(analyzer.arrange(page(lines.reversed())).lines.map(\.text) == order)
    }

    @Test func regroupsLooseWordsIntoLinesOnASkewedPage() {
        // A text detector that found each word apart, on a page turned 4.6 degrees: the page says
        // so, and that alone makes the analyser rebuild its lines.
        let (lines, order) = twoColumnPage(angle: 0.08)
        var generator = SystemRandomNumberGenerator()
        let loose = looseWords(of: lines, angle: 0.08).shuffled(using: &generator)
        let arranged = analyzer.arrange(page(loose, lineFinding: .textDetection))
        #expect(arranged.lines.map(\.text) == order)
        // Each rebuilt line's quad follows the skew.
        let first = arranged.lines[1].quad
        #expect(abs(atan2(first.topRight.y - first.topLeft.y, first.topRight.x - first.topLeft.x) - 0.08) < 0.01)
    }

    /// Words a text detector found apart, in two columns a gutter of a line and a half apart:
    /// nearer than words of one line may be (``LayoutOptions/wordGap``), yet each row two lines,
    /// the right column's words opening in one place row after row.
    @Test func regroupedWordsKeepTwoColumnsANarrowGutterApart() {
        var lines: [Line] = [], left: [String] = [], right: [String] = []
        for row in 0..<6 {
            let texts = ("left column line \(row) runs on", "right column line \(row) runs on")
            // The left column's lines end at 620 pixels; the right's open 60 pixels on.
            lines += [line(texts.0, x: 100, y: 200 + Double(row) * 60), line(texts.1, x: 680, y: 200 + Double(row) * 60)]
            (left, right) = (left + [texts.0], right + [texts.1])
        }
        let arranged = analyzer.arrange(page(looseWords(of: lines, angle: 0), lineFinding: .textDetection))
        #expect(arranged.lines.map(\.text) == left + right)

        // The first row's last word on the left, "on", and first on the right, "right".
        let page = page(looseWords(of: lines, angle: 0))
        #expect(page.words[5].text == "on" && page.words[6].text == "right")
        // Example from Sources/OCRKit/Geometry/Gutter.swift
        let words = page.words.map(\.box)
        if Gutter.parts(words[5], words[6], among: words, lineHeight: page.lines[0].box.height) { print("two columns' words, not one line's") }

        #expect(Gutter.parts(words[5], words[6], among: words, lineHeight: page.lines[0].box.height))
    }

    /// A row of the right column whose first glyph the reader lost (a backtick) opens half a
    /// line's height after the column's edge: still the column's, not the left line's end.
    @Test func aColumnsLineMissingItsFirstGlyphStillOpensTheColumn() {
        var lines: [Line] = [], left: [String] = [], right: [String] = []
        for row in 0..<6 {
            let lost = row == 3
            let texts = ("left column line \(row) runs on", (lost ? "" : "`") + "code` column line \(row)")
            lines += [line(texts.0, x: 100, y: 200 + Double(row) * 60), line(texts.1, x: lost ? 700 : 680, y: 200 + Double(row) * 60)]
            (left, right) = (left + [texts.0], right + [texts.1])
        }
        let arranged = analyzer.arrange(page(looseWords(of: lines, angle: 0), lineFinding: .textDetection))
        #expect(arranged.lines.map(\.text) == left + right)
    }

    /// A list's bullets, their items' words opening in one place row after row, stand closer to
    /// them than a gutter: each item stays one line with its bullet.
    @Test func regroupedWordsKeepAListsBulletsWithTheirItems() {
        var lines: [Line] = [], items: [String] = []
        for row in 0..<6 {
            lines += [line("•", x: 100, y: 200 + Double(row) * 60), line("item \(row) of the list", x: 150, y: 200 + Double(row) * 60)]
            items.append("• item \(row) of the list")
        }
        let arranged = analyzer.arrange(page(looseWords(of: lines, angle: 0), lineFinding: .textDetection))
        #expect(arranged.lines.map(\.text) == items)
    }

    /// A list's items wrapped under their text, which opens a column's gap after its bullet
    /// (read as `¢`, as a scan's bullet is at times): the rows open where the items' words do,
    /// yet a lone mark opens no column's line, and each item's first line keeps its bullet.
    @Test func aLoneMarkAColumnsGapBeforeItsItemStaysWithIt() {
        var lines: [Line] = [], texts: [String] = []
        for item in 0..<3 {
            let y = 200 + Double(item) * 120
            lines += [line("¢", x: 100, y: y), line("item \(item) of the list runs on", x: 165, y: y),
                      line("and wraps under its text", x: 165, y: y + 60)]
            texts += ["¢ item \(item) of the list runs on", "and wraps under its text"]
        }
        let arranged = analyzer.arrange(page(looseWords(of: lines, angle: 0), lineFinding: .textDetection))
        #expect(arranged.lines.map(\.text) == texts)
    }

    @Test func keepsTheLinesOfALayoutAnalysisUnlessToldToRegroup() {
        let (lines, order) = twoColumnPage()
        let loose = looseWords(of: lines, angle: 0)
        #expect(analyzer.arrange(page(loose)).lines.count == loose.count)
        var options = LayoutOptions()
        options.wordRegrouping = .always
        #expect(LayoutAnalyzer(options: options).arrange(page(loose)).lines.map(\.text) == order)
        options.wordRegrouping = .never
        #expect(LayoutAnalyzer(options: options).arrange(page(loose, lineFinding: .textDetection)).lines.count == loose.count)
    }

    @Test func readsReceiptRowsAcross() {
        let items = [("Milk 2L", "1.45"), ("Bread", "1.10"), ("Coffee beans 500g", "6.99"), ("TOTAL", "9.54")]
        var lines: [Line] = []
        for (row, item) in items.enumerated() {
            lines.append(line(item.1, x: 800, y: 100 + Double(row) * 50))
            lines.append(line(item.0, x: 100, y: 100 + Double(row) * 50))
        }
        let arranged = analyzer.arrange(page(lines))
        #expect(arranged.lines.map(\.text) == items.flatMap { [$0.0, $0.1] })
        #expect(arranged.paragraphs.count == 1)
    }

    @Test func dropsDuplicateDetectionsKeepingTheMoreConfident() {
        let lines = [
            line("Invoice 2024", x: 100, y: 100, confidence: 0.6),
            line("Invoice 2O24", x: 104, y: 102, confidence: 0.95),
            line("Inv", x: 100, y: 100, confidence: 0.3),
            line("Due today", x: 100, y: 160),
        ]
        #expect(analyzer.arrange(page(lines)).lines.map(\.text) == ["Invoice 2O24", "Due today"])
    }

    @Test func splitsParagraphsAtGapsIndentsAndBullets() {
        let lines = [
            // First-line indents: few lines indented, each starts a paragraph.
            line("Indented first line of one", x: 160, y: 100),
            line("paragraph, flush below it and", x: 100, y: 150),
            line("ending here.", x: 100, y: 200),
            line("Indented start of another", x: 160, y: 250),
            line("paragraph, flush again.", x: 100, y: 300),
            // After a wide gap: list items, one wrapped under its bullet.
            line("- a bullet point", x: 100, y: 420),
            line("- another bullet whose text", x: 100, y: 470),
            line("wraps under the bullet", x: 140, y: 520),
            // After a wide gap: hanging indents, most lines indented.
            line("Term one: its text runs", x: 100, y: 640),
            line("on over indented lines", x: 160, y: 690),
            line("and more of them", x: 160, y: 740),
            line("Term two: a second entry", x: 100, y: 790),
            line("indented as well", x: 160, y: 840),
        ]
        let arranged = analyzer.arrange(page(lines))
        #expect(arranged.lines.map(\.text) == lines.map(\.text))
        #expect(arranged.paragraphs.map(\.lines) == [0..<3, 3..<5, 5..<6, 6..<8, 8..<11, 11..<13])
    }

    @Test func readsVerticalTextRightToLeft() {
        // Three columns of vertical text, tall and narrow, read from the right.
        let columns = ["右の列", "中の列", "左の列"]
        let lines = columns.enumerated().map { index, text in
            let rect = Rect(x: 1200 - Double(index) * 100, y: 100, width: 40, height: 600)
            return Line(text: text, confidence: 0.9, box: rect.scaled(width: 1 / 2000, height: 1 / 2000), quad: rect.quad)
        }
        #expect(analyzer.arrange(page(lines.reversed())).lines.map(\.text) == columns)
    }

    @Test func listMarkers() {
        for marker in ["• item", "- item", "1. item", "12) item", "a) item", "* item"] {
            #expect(LayoutAnalyzerTests.startsParagraph(marker), "\(marker)")
        }
        for text in ["-5 degrees", "3.14 is pi", "Mr. Smith", "2024. A year"] {
            #expect(!LayoutAnalyzerTests.startsParagraph(text), "\(text)")
        }
    }

    /// Whether `text`, on the line after a flush line with normal spacing, starts a paragraph.
    private static func startsParagraph(_ text: String) -> Bool {
        let arranged = LayoutAnalyzer().arrange(page([line("A flush line of text above", x: 100, y: 100),
                                                      line(text, x: 100, y: 150)]))
        return arranged.paragraphs.count == 2
    }

    @Test func anEmptyPageStaysEmpty() {
        #expect(analyzer.arrange(page([])).lines.isEmpty)
    }
}
