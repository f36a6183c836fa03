import OCRKit
import OCRKitBench
import OCRKitEvaluation
import OCRKitStructure
import Testing

/// Tables read from their rules alone, no model, on images rendered at test time.
struct RuledTablesTests {
    /// Ruled tables of every kind, worn as a scan: their grids read from the rules are the
    /// truth's, a price list's group rows and an invoice's total spanning columns, with no model.
    @Test func aWornRuledTablesGridIsReadFromItsRules() throws {
        let tables = [RenderedTable.statement(seed: 5, rows: 6), .invoice(seed: 5, rows: 4), .timetable(seed: 5, rows: 5),
                      .priceList(seed: 5, rows: 8)]
        for table in tables {
            let (image, truth) = try table.render(.ruled)
            let found = RuledTables.tables(in: image.worn(seed: 5))
            #expect(found.count == 1)
            let places = { (cells: [(Int, Int, Int, Int)]) in Set(cells.map { "\($0.0),\($0.1),\($0.2),\($0.3)" }) }
            #expect(places(found.first?.grid.cells.map { ($0.row, $0.column, $0.rowSpan, $0.columnSpan) } ?? [])
                    == places(truth.cells.map { ($0.row, $0.column, $0.rowSpan, $0.columnSpan) }))
            let box = try #require(found.first).box
            #expect(abs(box.minX - truth.box.minX) < 0.01 && abs(box.maxY - truth.box.maxY) < 0.01, "\(box) against \(truth.box)")
        }
        // Unruled, a table has no rules to read.
        #expect(RuledTables.tables(in: try tables[0].render(.unruled).image).isEmpty)
    }

    /// The same tables with hairline grey rules, as a browser prints a half-point `#777` border
    /// at 200 dpi, worn: the grain lightens a third of the rules' pixels past the ink threshold,
    /// yet every rule is found, taken three pixels across and over a gap of a pixel or two.
    @Test func aWornTablesHairlineGreyRulesAreFound() throws {
        let tables = [RenderedTable.statement(seed: 6, rows: 6), .invoice(seed: 6, rows: 4), .priceList(seed: 6, rows: 8)]
        for table in tables {
            let (image, truth) = try table.render(.ruled, ruleWidth: 1, ruleLevel: 119)
            for seed in UInt64(1)...3 {
                let found = RuledTables.tables(in: image.worn(seed: seed))
                #expect(found.count == 1 && found.first?.grid.rowCount == truth.rowCount
                        && found.first?.grid.columnCount == truth.columnCount,
                        "\(found.map { "\($0.grid.rowCount) x \($0.grid.columnCount)" }) against \(truth.rowCount) x \(truth.columnCount)")
            }
        }
    }
}
