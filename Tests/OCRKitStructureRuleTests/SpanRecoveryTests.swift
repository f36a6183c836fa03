import OCRKit
import Testing
@testable import OCRKitStructure

/// Column spans a table structure model missed, recovered on grids built by hand.
@Suite struct SpanRecoveryTests {
    /// A price list: a header row, then rows of three cells; `texts` gives each body row's
    /// cells' text, "" for an empty cell.
    static func priceList(_ texts: [[String]]) -> [PlacedCell] {
        var cells = ["Item", "Size", "Price"].enumerated().map { column, text in
            PlacedCell(cell: HandBuilt.cell(0, column, header: true), box: HandBuilt.placed(0, column).box,
                       lines: [HandBuilt.line(text, x: 10 + 300 * Double(column), y: 110)])
        }
        for (offset, row) in texts.enumerated() {
            for (column, text) in row.enumerated() {
                let lines = text.isEmpty ? [] : [HandBuilt.line(text, x: 10 + 300 * Double(column), y: 150 + 40 * Double(offset))]
                cells.append(HandBuilt.placed(offset + 1, column, lines))
            }
        }
        return cells
    }

    @Test func aSectionsHeadingSpansTheTable() {
        let cells = Self.priceList([["Drinks", "", ""], ["Coffee", "large", "3.50"], ["Tea", "small", "2.10"]])
        let recovered = SpanRecovery.recovered(cells)
        #expect(recovered.count == cells.count - 2)
        let heading = recovered.first { $0.lines.first?.text == "Drinks" }
        #expect(heading?.cell.columnSpan == 3)
        #expect(heading?.box == cells[3].box.union(cells[4].box).union(cells[5].box))
    }

    @Test func aTotalsLabelSpansUpToItsAmount() {
        let cells = Self.priceList([["Coffee", "large", "3.50"], ["Tea", "small", "2.10"], ["Total", "", "5.60"]])
        let recovered = SpanRecovery.recovered(cells)
        #expect(recovered.count == cells.count - 1)
        #expect(recovered.first { $0.lines.first?.text == "Total" }?.cell.columnSpan == 2)
        #expect(recovered.last?.lines.first?.text == "5.60")
    }

    @Test func anEmptyCellInAColumnOtherRowsLeaveEmptyTooIsJustEmpty() {
        let cells = Self.priceList([["Coffee", "", "3.50"], ["Tea", "small", "2.10"], ["Total", "", "5.60"]])
        #expect(SpanRecovery.recovered(cells) == cells)
    }
}
