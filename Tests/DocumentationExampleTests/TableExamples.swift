import Foundation
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitEvaluation
import OCRKitExport
import OCRKitImages
import OCRKitONNX
import OCRKitStructure
import OCRKitTestSupport
import Testing

private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.print(items, separator: separator) }

/// The examples of tables, run as written on a statement rendered at run time.
@Suite(.onThreadsOfTheirOwn, .heavy)
struct TableExamples {
    /// A statement rendered and written to a file, and its truth.
    static func statement(in folder: TemporaryFolder) throws -> (path: String, image: Bitmap, truth: Table) {
        let (image, truth) = try RenderedTable.statement(seed: 7, rows: 4).render(.ruled)
        return (try folder.write(try ImageWriter.pngData(image), to: "statement.png"), image, truth)
    }

    /// The statement read, cell by cell.
    static func readStatement(in folder: TemporaryFolder) async throws -> Page {
        let reader = try PageReader(settings: EngineSettings(.ppocr, jobs: 1), structure: .wholeTable)
        return try await reader.read(try statement(in: folder).path)
    }

    @Test func renderedTable() throws {
        // Example from Sources/OCRKitBench/RenderedTable.swift
        let statement = RenderedTable.statement(seed: 7, rows: 6)
        let (image, truth) = try statement.render(.ruled)
        print(truth.rowCount, truth.columnCount)   // 7 6: the header and six rows

        #expect(truth.rowCount == 7 && truth.columnCount == 6 && image.width > 0)
    }

    @Test func renderedTablePage() throws {
        // Example from Sources/OCRKitBench/RenderedTablePage.swift
        let page = try RenderedTablePage(.invoice, style: .striped, seed: 11)
        print(page.title, page.truths[0].rowCount)   // "Invoice ..." and the invoice's rows

        #expect(page.title.hasPrefix("Invoice ") && page.truths[0].rowCount == 7)
        #expect(page.image.height > page.image.width)
    }

    @Test(.enabled(if: InstalledDependencies.hasLayoutModel, InstalledDependencies.missingTableModelReason))
    func pageStructure() async throws {
        let engine = try SharedEngines.page(.ppocr)
        let folder = try TemporaryFolder()
        let rendered = try RenderedTablePage(.statement, style: .striped, seed: 12)
        let path = try folder.write(try ImageWriter.pngData(rendered.image), to: "statement.png")
        let image = rendered.image

        // Example from Sources/OCRKitONNX/PicoDetLayoutModel.swift
        let model = try PicoDetLayoutModel(file: PicoDetLayoutModel.installedFile())
        for region in try await model.regions(in: image) { print(region.label, region.box) }   // table (40, 210, 1900, 900)
        #expect(try await model.regions(in: image).contains { $0.label == "title" })

        // Example from Sources/OCRKit/Engine/LayoutModel.swift
        let layout: any LayoutModel = try PicoDetLayoutModel()
        for region in try await layout.regions(in: image) { print(region.label, region.box) }   // table (40, 210, 1900, 900)
        #expect(try await layout.regions(in: image) == (try await model.regions(in: image)))

        // Example from Sources/OCRKitStructure/PageStructureReader.swift
        let structure = PageStructureReader(layoutModel: try PicoDetLayoutModel(), tableModel: try SLANetModel())
        let reader = PageReader(decoder: ImageLoader(), engine: engine, structure: structure)
        let page = try await reader.read(path)   // a statement: a title, a paragraph, a table
        print(page.regions.map(\.kind))          // [title, text, table, ...]
        #expect(page.regions.first?.kind == .title && page.regions.contains { $0.kind == .table })

        // Example from Sources/OCRKit/Model/Region.swift
        for region in page.regions where region.kind == .title {
            print(page.text(of: region))
        }
        let running = page.regions.filter { !$0.kind.isMargin }   // without headers, footers, page numbers
        #expect(running.count == page.regions.count - 1)
    }

    @Test(.enabled(if: InstalledDependencies.hasLayoutModel, InstalledDependencies.missingTableModelReason))
    func readmeStructure() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(try ImageWriter.pngData(try RenderedTablePage(.invoice, style: .ruled, seed: 13).image), to: "invoice.png")
        // Example from README.md
        let reader = try PageReader(settings: EngineSettings(.ppocr), structure: .page)
        let page = try await reader.read(path)   // a statement, an invoice...
        for table in page.tables { print(try table.csv()) }
        print(MarkdownWriter().document(for: [page]))

        #expect(page.tables.count == 1 && MarkdownWriter().document(for: [page]).hasPrefix("# Invoice "))
    }

    @Test func tableGrid() {
        // Example from Sources/OCRKitStructure/TableGrid.swift
        let grid = TableGrid(tokens: ["<thead>", "<tr>", "<td", " colspan=\"2\"", ">", "</td>", "</tr>", "</thead>",
                                      "<tbody>", "<tr>", "<td></td>", "<td></td>", "</tr>", "</tbody>"])
        print(grid.rowCount, grid.columnCount)   // 2 2
        print(grid.cells[0].columnSpan)          // 2

        #expect(grid.rowCount == 2 && grid.columnCount == 2 && grid.cells[0].columnSpan == 2)
    }

    @Test(.enabled(if: InstalledDependencies.hasTableModel, InstalledDependencies.missingTableModelReason))
    func slanetModel() async throws {
        let image = try Self.statement(in: TemporaryFolder()).image
        // Example from Sources/OCRKitONNX/SLANetModel.swift
        let model = try SLANetModel(file: SLANetModel.installedFile())
        let structure = try await model.structure(of: image)   // a Bitmap of a table
        print(structure.tokens.joined())   // <thead><tr><td></td>...

        #expect(structure.tokens.prefix(3) == ["<thead>", "<tr>", "<td></td>"])

        // Example from Sources/OCRKit/Engine/TableStructureModel.swift
        let tableModel: any TableStructureModel = try SLANetModel()
        let read = try await tableModel.structure(of: image)   // a Bitmap of a table
        print(read.tokens.joined())   // <thead><tr><td></td>...
        #expect(read == structure)
        #expect(structure.cellBoxes.count == structure.tokens.filter { $0 == "<td></td>" || $0 == "<td" }.count)
    }

    @Test(.enabled(if: InstalledDependencies.hasTableModel, InstalledDependencies.missingTableModelReason))
    func tableReader() async throws {
        let engine = try SharedEngines.page(.ppocr)
        let folder = try TemporaryFolder()
        let path = try Self.statement(in: folder).path
        // Example from Sources/OCRKitStructure/TableReader.swift
        let tables = TableReader(model: try SLANetModel(), finder: WholePageTable())
        let reader = PageReader(decoder: ImageLoader(), engine: engine, structure: tables)
        let page = try await reader.read(path)   // an image of a table
        print(page.tables[0].text)   // a row a line, its cells apart

        #expect(page.tables[0].text.hasPrefix("Date\tDescription\tReference\tDebit\tCredit\tBalance\n"))
    }

    @Test(.enabled(if: InstalledDependencies.hasTableModel, InstalledDependencies.missingTableModelReason))
    func tableAndItsWriters() async throws {
        let folder = try TemporaryFolder()
        let page = try await Self.readStatement(in: folder)

        // Example from Sources/OCRKit/Model/Table.swift
        for table in page.tables {
            for row in table.rows {
                print(row.map(\.text).joined(separator: " | "))
            }
        }

        // Example from Sources/OCRKitExport/Table+HTML.swift
        let html = page.tables[0].html   // <table><thead><tr><th>Date</th>...
        #expect(html.hasPrefix("<table><thead><tr><th>Date</th>"))

        // Example from Sources/OCRKitExport/Table+CSV.swift
        let csv = try page.tables[0].csv()   // Date,Description,Reference,Debit,Credit,Balance...
        #expect(csv.hasPrefix("Date,Description,Reference,Debit,Credit,Balance"))

        let tablesFolder = try TemporaryFolder()
        do {
            let folder = tablesFolder.path
            // Example from Sources/OCRKitExport/TableFiles.swift
            let written = try TableFiles(folder: folder).write(page)   // [".../statement-p1-t1.csv"]
            let saved = try String(contentsOfFile: written[0], encoding: .utf8)
            #expect(written == [folder + "/statement-p1-t1.csv"] && saved == csv)
        }

        let pages = [page]
        // Example from Sources/OCRKitExport/MarkdownWriter.swift
        let markdown = MarkdownWriter().document(for: pages)
        // A pipe table, or HTML where a cell spans.
        #expect(markdown.contains("| Date | Description | Reference | Debit | Credit | Balance |") || markdown.contains("<table>"))

        let table = html
        do {
            // Example from Sources/OCRKitExport/HTMLWriter.swift
            let html = HTMLWriter().document(for: pages)
            #expect(html.contains(table))
        }
    }

    @Test(.enabled(if: SharedData.hasTables, SharedData.missingReason))
    func tableManifest() throws {
        // Example from Sources/OCRKitEvaluation/Tables/TableManifest.swift
        let tables = try TableManifest(contentsOf: "../shared/datasets/pubtabnet/manifest.jsonl")
        for entry in tables.entries { print(entry.imagePath, entry.html.prefix(40)) }

        #expect(tables.entries.count == 20 && tables.entries.allSatisfy { $0.html.hasPrefix("<table>") })
    }

    @Test(.enabled(if: SharedData.hasTables && InstalledDependencies.hasTableModel, SharedData.missingReason))
    func tableBenchmark() async throws {
        let ocr = BuiltProducts.ocr
        // Example from Sources/OCRKitBench/TableBenchmark.swift
        var benchmark = TableBenchmark(manifest: "../shared/datasets/pubtabnet/manifest.jsonl", ocr: ocr)
        benchmark.limit = 2            // the first two tables
        benchmark.measuresPeer = false // ocr alone, without RapidTable
        try await benchmark.run { print($0) }

        // ocr's row: the first two tables are read almost without a fault.
        let ours = try #require(printed.lines.first { $0.hasPrefix("ocr ppocr") })
        let teds = try #require(Double(ours.split(separator: " ", omittingEmptySubsequences: true)[2]))
        #expect(teds > 0.9, "\(ours)")
    }
}
