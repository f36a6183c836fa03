import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OCRKit
import OCRKitTestSupport

/// The words pdftotext finds in a PDF, with their boxes in points from the shown page's top left:
/// where a viewer shows them, the page turned as it says.
final class WordBoxes: NSObject, XMLParserDelegate {
    private(set) var words: [(text: String, rect: Rect, page: Int)] = []
    private var pages = 0
    private var current: Rect?
    private var text = ""

    init(of path: String) throws {
        super.init()
        let parser = XMLParser(data: Data(try PDFTools.pdftotext(["-bbox", path, "-"]).utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    /// The boxes of the words written `text`.
    func boxes(of text: String) -> [Rect] {
        words.filter { $0.text == text }.map(\.rect)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        if name == "page" { pages += 1 }
        guard name == "word", let xMin = attributes["xMin"].flatMap(Double.init), let yMin = attributes["yMin"].flatMap(Double.init),
              let xMax = attributes["xMax"].flatMap(Double.init), let yMax = attributes["yMax"].flatMap(Double.init) else { return }
        current = Rect(x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "word", let rect = current { words.append((text, rect, pages)) }
        current = nil
    }
}
