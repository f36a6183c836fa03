import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OCRKit
import OCRKitEvaluation
import OCRKitExport
import Ink
import Testing

/// Lists nested in list items, written as Markdown and HTML and read back: each item inside
/// its parent's list, at its depth, of its own kind.
struct NestedListWritingTests {
    /// A bulleted list, an ordered list nested in its first item and a bulleted one in that,
    /// back out two levels, then an ordered list after a paragraph. (Ink, the scores' reader,
    /// takes an item numbered after a nested bulleted list for the bulleted item's text; a
    /// CommonMark reader does not.)
    static let parts: [DocumentPart] = [
        item("Fruit", level: 1, "•"), item("Apples", level: 2, "1."), item("Cox", level: 3, "•"), item("Gala", level: 3, "•"),
        item("Pears", level: 2, "2."), item("Vegetables", level: 1, "•"),
        DocumentPart(kind: .text, text: "Then the bread.", pages: 1...1),
        item("Rye", level: 1, "1."), item("Spelt", level: 2, "•"),
    ]

    static func item(_ text: String, level: Int, _ marker: String) -> DocumentPart {
        DocumentPart(kind: .list, text: text, level: level, marker: marker, pages: 1...1)
    }

    /// Each item's text with the elements it lies in, outermost first.
    static let nesting = [
        "Fruit": ["ul"], "Apples": ["ul", "li", "ol"], "Cox": ["ul", "li", "ol", "li", "ul"], "Gala": ["ul", "li", "ol", "li", "ul"],
        "Pears": ["ul", "li", "ol"], "Vegetables": ["ul"], "Rye": ["ol"], "Spelt": ["ol", "li", "ul"],
    ]

    /// Each item's text and the lists and items it lies in, outermost first, in `html`; `nil`
    /// when it is not well-formed.
    static func nesting(in html: String) -> [String: [String]]? {
        final class Items: NSObject, XMLParserDelegate {
            var open: [String] = []
            var found: [String: [String]] = [:]
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                open.append(name)
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                let text = string.trimmingCharacters(in: .whitespacesAndNewlines)
                guard open.last == "li", !text.isEmpty else { return }
                found[text] = Array(open.drop { $0 != "ol" && $0 != "ul" }.dropLast())
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                open.removeLast()
            }
        }
        let items = Items()
        let parser = XMLParser(data: Data(("<body>" + html + "</body>").utf8))
        parser.delegate = items
        return parser.parse() ? items.found : nil
    }

    @Test func htmlNestsEachListInItsParentsItem() {
        let html = HTMLWriter().document(of: Self.parts)
        let body = html[html.range(of: "<body>\n")!.upperBound..<html.range(of: "</body>")!.lowerBound]
        #expect(Self.nesting(in: String(body)) == Self.nesting, "\(html)")
    }

    @Test func markdownIndentsEachNestedListPastItsParentsMarker() {
        let markdown = MarkdownWriter().document(of: Self.parts)
        // Read back as a Markdown reader does: every item in its parent's, none taken for code.
        let blocks = MarkdownBlock.blocks(ofMarkdown: markdown)
        #expect(blocks.filter { $0.kind == .item }.count == 8, "\(markdown)")
        #expect(Self.nesting(in: MarkdownParser().html(from: markdown)) == Self.nesting, "\(markdown)")
    }
}
