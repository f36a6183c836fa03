import Foundation
import Ink
import OCRKit
import OCRKitEvaluation
import OCRKitExport
import SwiftCSV
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the writers make of a page's tables, read back by parsers OCRKit did not write: Ink for
/// Markdown, SwiftCSV for CSV, Foundation's XML parser for HTML.
struct TableOutputTests {
    /// The hand-made page without its spanning row: a table a pipe table can hold.
    static func pageWithoutSpans() -> Page {
        var page = TableModelTests.page()
        page.tables[0].cells.removeLast()
        page.tables[0].rowCount = 2
        return page
    }

    @Test func writesATableWithoutSpansAsAPipeTable() throws {
        let page = Self.pageWithoutSpans()
        let markdown = MarkdownWriter().document(for: [page])
        #expect(markdown.contains("| Item | Price |"))
        let html = MarkdownParser().html(from: markdown)
        let read = try TableTree(html: html)
        #expect(TEDS.similarity(read, try TableTree(html: page.tables[0].html)) == 1)
        // The title before the table stays a paragraph of its own.
        #expect(html.hasPrefix("<p>Title</p>"))
    }

    @Test func writesATableWithSpansAsHTMLInsideMarkdown() throws {
        let page = TableModelTests.page()
        let markdown = MarkdownWriter().document(for: [page])
        let html = MarkdownParser().html(from: markdown)
        let read = try TableTree(html: html)
        #expect(read == (try TableTree(html: page.tables[0].html)))
        #expect(read.children.last?.children.last?.children.first?.columnSpan == 2)
    }

    @Test func escapesWhatMarkdownWouldTakeForMarkup() {
        func markdown(_ texts: [String]) -> String {
            let lines = texts.map { text in
                let box = Rect(x: 0.1, y: 0.1, width: 0.5, height: 0.05)
                return Line(text: text, confidence: 1, box: box, quad: box.quad)
            }
            let page = Page(image: "page.png", width: 100, height: 100, engine: EngineInfo(name: "test", version: "1"),
                            layout: lines.map { [[$0]] })
            return MarkdownParser().html(from: MarkdownWriter().document(for: [page]))
        }
        let html = markdown(["# 1. *not* a_heading | [link](x) <b>", "Total", "---", "-1.25 net", "1. first", "- item"])
        #expect(!html.contains("<h1>") && !html.contains("<em>") && !html.contains("<a ") && !html.contains("<b>"))
        #expect(!html.contains("<hr") && html.contains("<p>Total</p>"))
        // Paragraphs that open with a list's marker are list items: the marker is the list's, not escaped text.
        #expect(html.contains("<ol>") && html.contains("<li>first</li>") && html.contains("<ul>") && html.contains("<li>item</li>"))
        // What starts no block is written as it is.
        #expect(html.contains("<p>-1.25 net</p>"))
    }

    @Test func writesEachTableAsCSVThatAParserReadsBack() throws {
        let table = TableModelTests.page().tables[0]
        let csv = try CSV<Enumerated>(string: try table.csv(), loadColumns: false)
        #expect([csv.header] + csv.rows == table.fields)
        #expect(csv.rows[0][0] == "Tea\ngreen" && csv.rows[1] == ["", ""])
    }

    @Test func writesPagesAsHTMLWithTheirParagraphsAndTables() throws {
        let page = TableModelTests.page()
        let document = HTMLWriter().document(for: [page])
        let elements = try Self.elements(of: document.replacingOccurrences(of: "<!DOCTYPE html>\n", with: ""))
        #expect(elements.filter { $0 == "p" }.count == 1 && elements.filter { $0 == "table" }.count == 1)
        #expect(elements.filter { $0 == "th" }.count == 2 && elements.contains("thead"))
        let tree = try TableTree(html: String(document[document.range(of: "<table>")!.lowerBound...document.range(of: "</table>")!.upperBound]))
        #expect(tree == (try TableTree(html: page.tables[0].html)))
    }

    /// The names of the elements of a well-formed XML document, in order.
    static func elements(of xml: String) throws -> [String] {
        final class Collector: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                names.append(name)
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return collector.names
    }
}
