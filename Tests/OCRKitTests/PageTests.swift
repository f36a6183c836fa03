import Foundation
import OCRKit
import Testing

/// A line of words laid out left to right at `top`, in a 1000 x 1000 image.
func makeLine(_ text: String, top: Double, height: Double = 20, confidence: Double = 0.9) -> Line {
    var words: [Word] = []
    var left = 10.0
    for token in text.split(separator: " ") {
        let rect = Rect(x: left, y: top, width: Double(token.count) * 10, height: height)
        let symbols = token.enumerated().map { offset, character in
            let cell = Rect(x: left + Double(offset) * 10, y: top, width: 10, height: height)
            return Symbol(text: String(character), confidence: confidence, box: cell.scaled(width: 0.001, height: 0.001),
                          quad: cell.quad, alternatives: [Alternative(text: String(character), confidence: confidence)])
        }
        words.append(Word(text: String(token), confidence: confidence, box: rect.scaled(width: 0.001, height: 0.001),
                          quad: rect.quad, alternatives: [Alternative(text: String(token), confidence: confidence)],
                          symbols: symbols))
        left += rect.width + 10
    }
    let rect = Rect(x: 10, y: top, width: left - 20, height: height)
    return Line(text: text, confidence: confidence, box: rect.scaled(width: 0.001, height: 0.001), quad: rect.quad, words: words)
}

let engine = EngineInfo(name: "test", version: "1")

func makePage() -> Page {
    Page(image: "scans/letter [1].png", width: 1000, height: 1000, engine: engine, layout: [
        [[makeLine("Dear Ada,", top: 10)], [makeLine("Thank you for", top: 50), makeLine("the engine.", top: 80)]],
        [[makeLine("Charles", top: 200, height: 6)]],
    ])
}

@Suite struct PageTests {
    @Test func textSeparatesLinesAndParagraphs() {
        #expect(makePage().text == "Dear Ada,\n\nThank you for\nthe engine.\n\nCharles")
    }

    @Test func layoutBuildsRangesAndBoxes() {
        let page = makePage()
        #expect(page.lines.count == 4)
        #expect(page.paragraphs.map(\.lines) == [0..<1, 1..<3, 3..<4])
        #expect(page.blocks.map(\.paragraphs) == [0..<2, 2..<3])
        #expect(page.paragraphs[1].box == page.lines[1].box.union(page.lines[2].box))
        #expect(page.layout == [[[page.lines[0]], [page.lines[1], page.lines[2]]], [[page.lines[3]]]])
    }

    @Test func emptyParagraphsAndBlocksAreDropped() {
        let page = Page(image: "x", width: 10, height: 10, engine: engine,
                        layout: [[], [[], [makeLine("a", top: 1)]], [[]]])
        #expect(page.paragraphs.count == 1)
        #expect(page.blocks.count == 1)
        #expect(page.text == "a")
    }

    @Test func removingShortLinesKeepsTheStructureAroundTheRest() {
        let page = makePage().removingLines(shorterThan: 0.01)
        #expect(page.text == "Dear Ada,\n\nThank you for\nthe engine.")
        #expect(page.blocks.count == 1)
    }

    @Test func jsonRoundTripIsLossless() throws {
        let page = makePage()
        let decoded = try Page(jsonData: page.jsonData())
        #expect(decoded == page)
        #expect(try Page(jsonData: page.jsonData(pretty: true)) == page)
    }

    @Test func jsonHasTheDocumentedFields() throws {
        let object = try #require(JSONSerialization.jsonObject(with: makePage().jsonData()) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == Page.schemaVersion)
        #expect(object["image"] as? String == "scans/letter [1].png")
        #expect(object["width"] as? Int == 1000 && object["height"] as? Int == 1000)
        #expect(object["text"] as? String == makePage().text)
        let line = try #require((object["lines"] as? [[String: Any]])?.first)
        #expect(line["text"] as? String == "Dear Ada,")
        #expect(line["confidence"] as? Double == 0.9)
        let box = try #require(line["box"] as? [String: Double])
        #expect(Set(box.keys) == ["x", "y", "width", "height"])
        let word = try #require((line["words"] as? [[String: Any]])?.first)
        #expect(word["text"] as? String == "Dear")
        let alternatives = try #require(word["alternatives"] as? [[String: Any]])
        #expect(alternatives.first?["text"] as? String == "Dear")
        #expect((word["quad"] as? [[Double]])?.count == 4)
    }

    @Test func jsonIsStableByteForByte() throws {
        // Results are compared across runs and processes: the same page must give the same bytes.
        #expect(try makePage().jsonData() == makePage().jsonData())
    }

    @Test func theEngineSaysHowItFoundTheLinesAndOlderPagesReadAsLayoutAnalysis() throws {
        var page = makePage()
        page.engine = EngineInfo(name: "ppocr", version: "PP-OCRv4", lineFinding: .textDetection)
        var object = try #require(JSONSerialization.jsonObject(with: page.jsonData()) as? [String: Any])
        var engine = try #require(object["engine"] as? [String: Any])
        #expect(engine["lines"] as? String == "text-detection")
        #expect(try Page(jsonData: page.jsonData()).engine.lineFinding == .textDetection)
        // A page stored before the field existed.
        engine["lines"] = nil
        object["engine"] = engine
        let stored = try Page(jsonData: JSONSerialization.data(withJSONObject: object))
        #expect(stored.engine == EngineInfo(name: "ppocr", version: "PP-OCRv4", lineFinding: .layoutAnalysis))
    }

    @Test func decodingRejectsNewerSchemaVersions() throws {
        var object = try #require(JSONSerialization.jsonObject(with: makePage().jsonData()) as? [String: Any])
        object["schemaVersion"] = Page.schemaVersion + 1
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try Page(jsonData: data) }
    }

    @Test func decodingRejectsParagraphsThatDoNotCoverTheLines() throws {
        var object = try #require(JSONSerialization.jsonObject(with: makePage().jsonData()) as? [String: Any])
        var paragraphs = try #require(object["paragraphs"] as? [[String: Any]])
        paragraphs[1]["lineCount"] = 5
        object["paragraphs"] = paragraphs
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try Page(jsonData: data) }
    }

    @Test func symbolsAreOmittedWhenAnEngineGivesNone() throws {
        let rect = Rect(x: 0, y: 0, width: 1, height: 1)
        let word = Word(text: "a", confidence: 1, box: rect, quad: rect.quad)
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(word)) as? [String: Any])
        #expect(object["symbols"] == nil)
        #expect(try JSONDecoder().decode(Word.self, from: JSONEncoder().encode(word)) == word)
    }
}

@Suite struct ReviewTests {
    /// A page whose second word is doubtful, and whose third word has one doubtful symbol.
    private func page() -> Page {
        var line = makeLine("Total 42.5O due", top: 10)
        line.words[1].confidence = 0.3
        line.words[1].alternatives = [Alternative(text: "42.5O", confidence: 0.3), Alternative(text: "42.50", confidence: 0.28)]
        line.words[2].symbols[1].confidence = 0.2
        return Page(image: "x", width: 1000, height: 1000, engine: engine, lines: [line, makeLine("all clear", top: 60)])
    }

    @Test func flagsDoubtfulWordsAndSymbols() {
        let reviewed = page().flaggingDoubtfulText(below: 0.5)
        #expect(reviewed.words.map(\.isFlagged) == [false, true, true, false, false])
        #expect(reviewed.words[2].symbols.map(\.isFlagged) == [false, true, false])
        #expect(page().flaggingDoubtfulText(below: 0).words.allSatisfy { !$0.isFlagged })
    }

    @Test func marksFlaggedWordsWithTheirAlternatives() {
        let reviewed = page().flaggingDoubtfulText(below: 0.5)
        #expect(reviewed.textMarkingFlaggedWords == "Total [[42.5O|42.50]] [[due]]\nall clear")
        #expect(reviewed.text == "Total 42.5O due\nall clear")
    }

    @Test func flagsSurviveTheJSONRoundTripAndAreOmittedWhenUnset() throws {
        let reviewed = page().flaggingDoubtfulText(below: 0.5)
        #expect(try Page(jsonData: reviewed.jsonData()) == reviewed)
        let json = String(decoding: try reviewed.jsonData(), as: UTF8.self)
        #expect(json.components(separatedBy: "\"flagged\":true").count - 1 == 3)
        #expect(!json.contains("\"flagged\":false"))
    }
}
