import Foundation
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitEvaluation
import OCRKitExport
import OCRKitImages
import OCRKitTestSupport
import Testing

/// Tables rendered at run time read by PP-OCR and SLANet, cell by cell, with the words put in
/// their cells: spans (a row span the model misses recovered), empty and multi-line cells, ruled,
/// unruled and striped.
@Suite(.enabled(if: InstalledDependencies.hasTableModel, InstalledDependencies.missingTableModelReason), .onThreadsOfTheirOwn, .heavy)
struct TableReadingTests {
    let reader: PageReader

    init() throws {
        reader = try PageReader(settings: EngineSettings(.ppocr, jobs: 1), structure: .wholeTable)
    }

    @Test(arguments: RenderedTable.Style.allCases)
    func readsAStatementCellByCell(style: RenderedTable.Style) async throws {
        let seed: UInt64 = switch style { case .ruled: 3; case .unruled: 4; case .striped: 5 }
        let (image, truth) = try RenderedTable.statement(seed: seed, rows: 5).render(style)
        let page = try await reader.read(Data(try ImageWriter.pngData(image)), image: "statement.png")
        let table = try #require(page.tables.first)
        let teds = TEDS.similarity(try TableTree(html: table.html), try TableTree(html: truth.html))
        #expect(teds >= 0.9, "TEDS \(teds): \(table.html)")
        #expect(table.rowCount == truth.rowCount && table.columnCount == truth.columnCount)
        // Each row's other amount cell is empty.
        #expect(table.rows.dropFirst().allSatisfy { row in row.filter { $0.column == 3 || $0.column == 4 }.filter(\.text.isEmpty).count == 1 })
        // The description on two lines is one cell of two lines.
        let twoLines = try #require(truth.cells.first { $0.text.contains("\n") })
        #expect(table.cells.first { $0.row == twoLines.row && $0.column == twoLines.column }?.text.split(separator: "\n").count == 2)
        // The date centred across the two rows of its day spans them.
        let spanning = try #require(truth.cells.first { $0.rowSpan == 2 })
        let date = table.cells.first { $0.row == spanning.row && $0.column == 0 }
        #expect(date?.rowSpan == 2 && date?.text == spanning.text, "\(table.html)")
        #expect(table.rows[0].allSatisfy(\.isHeader) && !table.rows[1].contains(where: \.isHeader))
        // The page's text keeps each row on a line, its cells apart.
        #expect(page.text.split(separator: "\n").first?.split(separator: "\t").map(String.init)
                == ["Date", "Description", "Reference", "Debit", "Credit", "Balance"])
        // Every cell with text is a paragraph of the table's block, in order.
        let block = try #require(table.block.map { page.blocks[$0] })
        #expect(table.cells.compactMap(\.paragraph) == Array(block.paragraphs))
    }
}
