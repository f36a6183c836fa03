import OCRKit
@testable import OCRKitLive
import Testing

@Suite struct CandidateTests {
    private func symbol(_ choices: [(String, Double)], x: Double) -> Symbol {
        Symbol(text: choices[0].0, confidence: choices[0].1, box: Rect(x: x, y: 0.4, width: 0.02, height: 0.1),
               quad: Rect(x: x, y: 0.4, width: 0.02, height: 0.1).quad,
               alternatives: choices.map { Alternative(text: $0.0, confidence: $0.1) })
    }

    private func line(_ symbols: [Symbol], confidence: Double, height: Double) -> Line {
        let box = Rect(x: 0.1, y: 0.4, width: 0.5, height: height)
        let word = Word(text: symbols.map(\.text).joined(), confidence: confidence, box: box, quad: box.quad,
                        alternatives: Word.alternatives(from: symbols, count: 3), symbols: symbols)
        return Line(text: word.text, confidence: confidence, box: box, quad: box.quad, words: [word])
    }

    /// What the scanner knows of the place of text after reading `page`, its first frame.
    private func place(after page: Page) -> PlatePlace {
        var place = PlatePlace(memory: .seconds(1))
        place.record(page, at: .zero)
        return place
    }

    @Test func theTopReadingsOfALineVoteInTheirOrder() throws {
        // "AB12CDE" with its B unsure between B (0.6) and 8 (0.4): the runner-up is mended to B
        // by the UK pattern and merges with the first; "AB12CDF" comes from the E's runner-up.
        let symbols = [("A", 0.99), ("B", 0.6), ("1", 0.99), ("2", 0.99), ("C", 0.99), ("D", 0.99), ("E", 0.7)]
            .enumerated().map { index, top in
                let runnerUp = ["B": "8", "E": "F"][top.0] ?? "X"
                return symbol([top, (runnerUp, 1 - top.1)], x: 0.1 + Double(index) * 0.05)
            }
        let page = Page(image: "frame", width: 640, height: 360, engine: EngineInfo(name: "test", version: "1"),
                        lines: [line(symbols, confidence: 0.8, height: 0.1)])
        let block = try #require(CandidateBlock.largestPlausible(in: page, pattern: .ukPlate, count: 3, place: place(after: page)))
        #expect(block.candidates.map(\.value) == ["AB12CDE", "AB12CDF"])
        // The best keeps the line's confidence; the others their ratio to it.
        #expect(abs(block.candidates[0].confidence - 0.8) < 1e-9)
        #expect(abs(block.candidates[1].confidence - 0.8 * 0.3 / 0.7) < 1e-9)
    }

    @Test func textMuchLowerThanTheTallestIsNotTried() throws {
        func page(_ lines: [(text: String, height: Double)]) -> Page {
            Page(image: "frame", width: 640, height: 360, engine: EngineInfo(name: "test", version: "1"),
                 lines: lines.map { text, height in
                     line(text.enumerated().map { symbol([(String($1), 0.9)], x: 0.1 + Double($0) * 0.05) }, confidence: 0.9,
                          height: height)
                 })
        }
        func plausible(_ page: Page) -> CandidateBlock? {
            CandidateBlock.largestPlausible(in: page, pattern: .alphanumeric(length: 5...8), count: 3, place: place(after: page))
        }
        // A plate misread beyond any fit, above a dealer's sign a third of its height.
        #expect(plausible(page([("K1~96", 0.12), ("MOTORS", 0.04)])) == nil)
        let plate = plausible(page([("K179658", 0.12), ("MOTORS", 0.04)]))
        #expect(plate?.candidates.first?.value == "K179658")
        // Text of like height is still tried when the tallest does not fit.
        let near = plausible(page([("K1~96", 0.12), ("MOTORS", 0.09)]))
        #expect(near?.candidates.first?.value == "MOTORS")
    }
}
