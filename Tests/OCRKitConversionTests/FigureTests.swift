import OCRKit
import OCRKitConversion
import Testing

/// Figures of a scanned page (its regions, as the layout model reads them) converted whole: in
/// their place, with their captions, their words left to their pictures.
struct FigureTests {
    /// A page of 1000 x 1400 pixels whose blocks are `texts` (one line each, from the top down)
    /// and whose regions are `kinds`, one a block in order; a figure's region holds no block,
    /// unless its kind is followed by its words (`.figure` then `nil` for its block of labels).
    private static func page(_ content: [(kind: Region.Kind, text: String?)]) -> Page {
        var layout: [[[Line]]] = [], regions: [Region] = [], top = 0.05
        for (kind, text) in content {
            let height = kind == .figure && text == nil ? 0.2 : 0.02
            let box = Rect(x: 0.1, y: top, width: 0.8, height: height)
            top += height + 0.02
            var blocks = layout.count..<layout.count
            if let text {
                let quad = box.scaled(width: 1000, height: 1400).quad
                let word = Word(text: text, confidence: 0.9, box: box, quad: quad)
                layout.append([[Line(text: text, confidence: 0.9, box: box, quad: quad, words: [word])]])
                blocks = blocks.lowerBound..<layout.count
            }
            // A figure's labels are a block in the figure's region, not a region of their own.
            if kind == .figure, text != nil, let last = regions.indices.last, regions[last].kind == .figure {
                regions[last].blocks = regions[last].blocks.lowerBound..<layout.count
                continue
            }
            regions.append(Region(kind: kind, box: box, blocks: blocks, confidence: 0.9))
        }
        var page = Page(image: "scans/report.png", width: 1000, height: 1400, engine: EngineInfo(name: "test", version: "1"),
                        layout: layout)
        page.regions = regions
        return page
    }

    private static func parts(of page: Page) -> [DocumentPart] {
        var converter = DocumentConverter(wordList: { _ in nil })
        return converter.add(page) + converter.finish()
    }

    @Test func aCaptionBelowAFigureIsItsAndThePrintedParagraphGoesOnAroundIt() throws {
        let parts = Self.parts(of: Self.page([
            (.text, "The licence is intended to guarantee your freedom to share and"),
            (.figure, nil),
            (.caption, "Figure 1. Sections of the licence by length."),
            (.text, "change all versions of a program."),
        ]))
        #expect(parts.map(\.kind) == [.text, .figure])
        #expect(parts[0].text == "The licence is intended to guarantee your freedom to share and change all versions of a program.")
        #expect(parts[1].text == "Figure 1. Sections of the licence by length.")
        let figure = try #require(parts[1].figure)
        #expect(figure.fileName == "report-p1-f1.png" && figure.number == 1)
    }

    @Test func aCaptionAboveAFigureIsItsToo() {
        let parts = Self.parts(of: Self.page([
            (.caption, "Figure 2. The licence's sections."),
            (.figure, nil),
            (.text, "The text goes on below."),
        ]))
        #expect(parts.map(\.kind) == [.figure, .text])
        #expect(parts[0].text == "Figure 2. The licence's sections.")
    }

    @Test func aTablesCaptionAfterAFigureIsNotTheFigures() {
        let parts = Self.parts(of: Self.page([
            (.figure, nil),
            (.caption, "Table 1. Prices of the licence's copies."),
        ]))
        #expect(parts.map(\.kind) == [.figure, .caption])
        #expect(parts[0].text.isEmpty)
    }

    @Test func aFiguresWordsAreItsPicturesNotTheText() {
        let parts = Self.parts(of: Self.page([
            (.text, "Before the chart."),
            (.figure, nil),
            (.figure, "S1 S2 S3 S4"),
            (.text, "After the chart."),
        ]))
        #expect(parts.map(\.kind) == [.text, .figure, .text])
        #expect(!parts.contains { $0.text.contains("S1") })
    }

    /// A page of text the layout model called a figure (seen on a worn scan): its lines are the
    /// document's text, and no figure is made of it.
    @Test func aFigureOfRunningTextIsText() throws {
        var page = Self.page([
            (.text, "Before the block of text."),
            (.figure, nil),
            (.figure, "The licence is intended to guarantee your freedom"),
            (.figure, "to share and change all versions of a program"),
            (.figure, "and to make sure it remains free software."),
        ])
        // The region round the three lines, as the model drew it.
        let index = try #require(page.regions.firstIndex { $0.kind == .figure })
        page.regions[index].box = Rect(x: 0.05, y: 0.05, width: 0.9, height: 0.6)
        let parts = Self.parts(of: page)
        #expect(!parts.contains { $0.kind == .figure })
        #expect(parts.contains { $0.text.contains("guarantee your freedom") })
    }
}
