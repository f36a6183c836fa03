import Foundation
import Ink
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitEvaluation
import OCRKitExport
import OCRKitImages
import OCRKitTestSupport
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Whole pages rendered at run time (a title, paragraphs, tables, a footer with the page's number)
/// read with their structure: the regions the layout model finds, the tables in them, and every
/// writer's form of them, each read back by a parser.
@Suite(.enabled(if: InstalledDependencies.hasLayoutModel, InstalledDependencies.missingTableModelReason), .onThreadsOfTheirOwn, .heavy)
struct PageStructureTests {
    static func read(_ page: RenderedTablePage) async throws -> Page {
        let reader = try PageReader(settings: EngineSettings(.ppocr, jobs: 1), structure: .page)
        return try await reader.read(Data(try ImageWriter.pngData(page.image)), image: "\(page.kind.rawValue).png")
    }

    @Test func readsAStatementAsATitleParagraphsATableAndAPageNumber() async throws {
        let rendered = try RenderedTablePage(.statement, style: .ruled, seed: 21)
        let page = try await Self.read(rendered)
        let kinds = page.regions.map(\.kind)
        #expect(kinds.first == .title && kinds.last == .pageNumber && kinds.filter { $0 == .table }.count == 1, "\(kinds)")
        let title = try #require(page.regions.first)
        #expect(page.text(of: title).lowercased() == rendered.title.lowercased())
        let table = try #require(page.tables.first)
        let teds = TEDS.similarity(try TableTree(html: table.html), try TableTree(html: rendered.truths[0].html))
        #expect(teds >= 0.85, "TEDS \(teds)")
        // No word of the paragraphs went into the table, and the paragraphs are regions of text.
        let tableWords = Set(table.cells.flatMap { $0.text.lowercased().split(whereSeparator: \.isWhitespace) })
        let prose = Set(rendered.paragraphs.joined(separator: " ").lowercased().split(separator: " "))
            .subtracting(rendered.truths[0].cells.flatMap { $0.text.lowercased().split(whereSeparator: \.isWhitespace) })
        #expect(tableWords.isDisjoint(with: prose))
        #expect(kinds.filter { $0 == .text }.count >= 2)

        // Markdown: the title a heading, the table, the page number left out unless kept.
        let markdown = MarkdownWriter().document(for: [page])
        let html = MarkdownParser().html(from: markdown)
        #expect(html.hasPrefix("<h1>") && html.contains("<table>"))
        #expect(!markdown.contains(rendered.footer) && MarkdownWriter(keepsMargins: true).document(for: [page]).contains(rendered.footer))
        let fromMarkdown = try TableTree(html: html)
        #expect(TEDS.similarity(fromMarkdown, try TableTree(html: table.html)) == 1)

        // HTML: a heading, the table, the page number in a footer when kept.
        let document = HTMLWriter(keepsMargins: true).document(for: [page])
        let elements = try TableOutputTests.elements(of: document.replacingOccurrences(of: "<!DOCTYPE html>\n", with: ""))
        #expect(elements.contains("h1") && elements.contains("table") && elements.contains("footer"))

        // hOCR: the title, the table with its cells, the page number, in well-formed XHTML.
        let hocr = try TextDocument.of([page], format: .hocr)
        let classes = try Self.classes(of: hocr)
        #expect(classes.contains("ocr_title") && classes.contains("ocr_table") && classes.contains("ocr_pageno"))
        #expect(hocr.contains("<th ") && hocr.contains("<td "))

        // ALTO: valid by the ALTO 4.4 schema, the table a composed block of a block a cell.
        let alto = try TextDocument.of([page], format: .alto)
        #expect(alto.contains("TYPE=\"table\"") && alto.contains("TAGREFS=\"region_title\""))
        if SharedData.hasAltoSchema { #expect(try SharedData.altoSchemaAccepts(alto)) }

        // JSON: regions and tables read back as they were.
        #expect(try Page(jsonData: try page.jsonData()) == page)
    }

    @Test func findsTwoTablesOnAPage() async throws {
        let rendered = try RenderedTablePage(.invoiceAndPrices, style: .unruled, seed: 22)
        let page = try await Self.read(rendered)
        #expect(page.tables.count == 2, "\(page.regions.map(\.kind))")
        for (table, truth) in zip(page.tables, rendered.truths) {
            let teds = TEDS.similarity(try TableTree(html: table.html), try TableTree(html: truth.html))
            // A price list's section rows span the table, which SLANet misses on unruled tables (0.78).
            #expect(teds >= 0.75, "TEDS \(teds): \(table.html)")
        }
    }

    /// SLANet reads an unruled invoice's last line and its total as one row, each cell holding
    /// two lines: the row is split where the amounts are stacked, and the total's label then
    /// spans to its amount.
    @Test func aRowTheModelMissesIsSplitOffWhereItsAmountsAreStacked() async throws {
        let rendered = try RenderedTablePage(.invoice, style: .unruled, seed: 4)
        let page = try await Self.read(rendered)
        let table = try #require(page.tables.first), truth = try #require(rendered.truths.first)
        #expect(table.rowCount == truth.rowCount, "\(table.text)")
        #expect(table.cells.allSatisfy { !$0.text.contains("\n") }, "no cell holds two rows' lines: \(table.text)")
        let total = table.cells.filter { $0.row == table.rowCount - 1 }
        #expect(total.first?.text == "Total" && total.first?.columnSpan == 3 && total.last?.text == truth.cells.last?.text, "\(total)")
        let teds = TEDS.similarity(try TableTree(html: table.html), try TableTree(html: truth.html))
        #expect(teds >= 0.95, "TEDS \(teds): \(table.html)")
    }

    /// The layout model calls most photos of receipts a figure; one full of lines is text, so
    /// that Markdown gives its text rather than a figure's placeholder.
    /// (SROIE's receipt 005, which the model calls one figure.)
    @Test(.enabled(if: SharedData.isAvailable("sroie"), SharedData.missingReason))
    func aReceiptFullOfLinesIsTextNotAFigure() async throws {
        let reader = try PageReader(settings: EngineSettings(.ppocr, jobs: 1), structure: .page)
        let page = try await reader.read(SharedData.datasets.appendingPathComponent("sroie/data/img/005.jpg").path)
        #expect(!page.regions.isEmpty && !page.regions.contains { $0.kind == .figure }, "\(page.regions.map(\.kind))")
        let markdown = MarkdownWriter().document(for: [page])
        #expect(!markdown.contains("[Figure]") && markdown.contains("Cash Bill"), "\(markdown)")
    }

    /// The `class` attributes of a well-formed XML document's elements.
    static func classes(of xml: String) throws -> Set<String> {
        final class Collector: NSObject, XMLParserDelegate {
            var classes: Set<String> = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if let value = attributes["class"] { classes.insert(value) }
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        return collector.classes
    }
}
