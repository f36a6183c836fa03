import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OCRKit
import OCRKitExport
import OCRKitTestSupport
import Testing

/// A page of two paragraphs; one word has alternatives and characters XML must escape.
private func samplePage(image: String = "scans/a&b <1>.png") -> Page {
    func word(_ text: String, x: Double, y: Double, confidence: Double = 0.9, alternatives: [String] = []) -> Word {
        let rect = Rect(x: x, y: y, width: Double(text.count) * 10, height: 20)
        return Word(text: text, confidence: confidence, box: rect.scaled(width: 0.001, height: 0.002), quad: rect.quad,
                    alternatives: ([text] + alternatives).map { Alternative(text: $0, confidence: 0.5) })
    }
    func line(_ words: [Word]) -> Line {
        let rect = words.dropFirst().reduce(words[0].quad.boundingRect) { $0.union($1.quad.boundingRect) }
        return Line(text: words.map(\.text).joined(separator: " "), confidence: 0.8,
                    box: rect.scaled(width: 0.001, height: 0.002), quad: rect.quad, words: words)
    }
    let first = line([word("Total:", x: 10, y: 10), word("42.5O", x: 90, y: 10, confidence: 0.3, alternatives: ["42.50"])])
    let second = line([word("\"Fish", x: 10, y: 40), word("&", x: 70, y: 40), word("<chips>'", x: 90, y: 40)])
    let bare = Line(text: "a line without words", confidence: 0.7, box: Rect(x: 0.01, y: 0.05, width: 0.2, height: 0.01),
                    quad: Rect(x: 10, y: 100, width: 200, height: 20).quad)
    return Page(image: image, width: 1000, height: 500, engine: EngineInfo(name: "test", version: "1"),
                layout: [[[first, second]], [[bare]]])
}

/// Elements of an XML document, in order, with their attributes and text.
private final class Elements: NSObject, XMLParserDelegate {
    var found: [(name: String, attributes: [String: String], text: String)] = []
    private var open: [Int] = []

    static func parse(_ xml: String) throws -> [(name: String, attributes: [String: String], text: String)] {
        let parser = XMLParser(data: Data(xml.utf8))
        let elements = Elements()
        parser.delegate = elements
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return elements.found
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        found.append((name, attributes, ""))
        open.append(found.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { found[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}

/// Whether xmllint finds `xml` well-formed.
private func xmllintAccepts(_ xml: String) throws -> Bool {
    let folder = try TemporaryFolder()
    let path = try folder.write(Array(xml.utf8), to: "document.xml")
    return try Tool.run("xmllint", ["--noout", "--nonet", path]).status == 0
}

private let hasXmllint = FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint")

@Suite struct ExportTests {
    @Test(.enabled(if: hasXmllint, "needs xmllint (libxml2-utils), which scripts/setup installs"))
    func bothFormatsAreWellFormedForOneAndSeveralPages() throws {
        for format in [OutputFormat.hocr, .alto] {
            #expect(try xmllintAccepts(TextDocument.of([samplePage()], format: format)))
            #expect(try xmllintAccepts(TextDocument.of([samplePage(), samplePage(image: "second.png")], format: format)))
            #expect(try xmllintAccepts(TextDocument.of([], format: format)))
        }
    }

    @Test func hOCRCarriesEveryWordWithItsBoxAndConfidence() throws {
        let page = samplePage()
        let elements = try Elements.parse(TextDocument.of([page], format: .hocr))
        let words = elements.filter { $0.attributes["class"] == "ocrx_word" }
        #expect(words.map(\.text) == page.words.map(\.text))
        #expect(words[1].attributes["title"] == "bbox 90 10 140 30; x_wconf 30")
        let pageElement = try #require(elements.first { $0.attributes["class"] == "ocr_page" })
        #expect(pageElement.attributes["title"] == "image \"scans/a&b <1>.png\"; bbox 0 0 1000 500; ppageno 0")
        #expect(elements.filter { $0.attributes["class"] == "ocr_par" }.count == 2)
        let lines = elements.filter { $0.attributes["class"] == "ocr_line" }
        #expect(lines.count == 3 && lines[2].text == "a line without words")
    }

    @Test func altoCarriesEveryWordWithItsPositionConfidenceAndAlternatives() throws {
        let page = samplePage()
        let elements = try Elements.parse(TextDocument.of([page], format: .alto))
        let strings = elements.filter { $0.name == "String" }
        #expect(strings.map { $0.attributes["CONTENT"] } == page.words.map(\.text) + ["a line without words"])
        let doubtful = strings[1].attributes
        #expect(doubtful["HPOS"] == "90" && doubtful["VPOS"] == "10" && doubtful["WIDTH"] == "50" && doubtful["HEIGHT"] == "20")
        #expect(doubtful["WC"] == "0.300")
        #expect(elements.filter { $0.name == "ALTERNATIVE" }.map(\.text) == ["42.50"])
        #expect(elements.filter { $0.name == "TextBlock" }.count == 2)
        #expect(elements.filter { $0.name == "SP" }.count == 3)
        #expect(elements.first { $0.name == "Page" }?.attributes["WIDTH"] == "1000")
    }
}
