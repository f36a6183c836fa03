import OCRKit
import Testing
@testable import OCRKitStructure

/// Rows and row spans a table structure model missed, recovered on grids built by hand: rows 40
/// pixels high from 100, lines 20 high.
@Suite struct RowRecoveryTests {
    /// An invoice's subtotal and total read as one row: two amounts stacked in one cell, two
    /// labels beside them.
    @Test func aRowHoldingTwoRowsIsSplitBetweenItsStackedAmounts() {
        let cells = [
            HandBuilt.placed(0, 0, [HandBuilt.line("Coffee", x: 10, y: 110)]),
            HandBuilt.placed(0, 1, [HandBuilt.line("3.50", x: 310, y: 110)]),
            HandBuilt.placed(1, 0, [HandBuilt.line("Subtotal", x: 10, y: 140), HandBuilt.line("Total", x: 10, y: 170)]),
            HandBuilt.placed(1, 1, [HandBuilt.line("3.50", x: 310, y: 140), HandBuilt.line("4.20", x: 310, y: 170)]),
        ]
        let recovered = RowRecovery.recovered(cells, rowCount: 2)
        #expect(recovered.rowCount == 3)
        #expect(recovered.cells.map(\.cell.row) == [0, 0, 1, 1, 2, 2])
        #expect(recovered.cells.map { $0.lines.map(\.text) } == [["Coffee"], ["3.50"], ["Subtotal"], ["3.50"], ["Total"], ["4.20"]])
        // The new row starts between the amounts and reaches down to the lowest line.
        let split = (160 + 170) / 2 / HandBuilt.side
        #expect(abs(recovered.cells[2].box.maxY - split) < 1e-9)
        #expect(abs(recovered.cells[4].box.minY - split) < 1e-9)
        #expect(recovered.cells[4].box.maxY >= 190 / HandBuilt.side)
    }

    @Test func aShareInBracketsUnderItsCountIsOneValue() {
        let cells = [
            HandBuilt.placed(0, 0, [HandBuilt.line("Voters", x: 10, y: 110)]),
            HandBuilt.placed(0, 1, [HandBuilt.line("160744", x: 310, y: 110), HandBuilt.line("(62.0)", x: 310, y: 130)]),
            HandBuilt.placed(1, 0, [HandBuilt.line("Turnout", x: 10, y: 150)]),
            HandBuilt.placed(1, 1, [HandBuilt.line("58", x: 310, y: 150)]),
        ]
        #expect(RowRecovery.split(of: 0, in: cells) == nil)
        #expect(RowRecovery.recovered(cells, rowCount: 2).rowCount == 2)
    }

    @Test func twoLinesOfWordsInACellAreAWrappedDescriptionNotTwoRows() {
        let cells = [
            HandBuilt.placed(0, 0, [HandBuilt.line("Large coffee", x: 10, y: 100), HandBuilt.line("with milk", x: 10, y: 120)]),
            HandBuilt.placed(0, 1, [HandBuilt.line("3.50", x: 310, y: 100)]),
        ]
        #expect(RowRecovery.split(of: 0, in: cells) == nil)
    }

    /// A statement's date centred across the two transactions of its day.
    @Test func aCellCentredAcrossItsRowAndAnEmptyNeighbourSpansBoth() {
        let cells = [
            HandBuilt.placed(0, 0, [HandBuilt.line("Date", x: 10, y: 110)]),
            HandBuilt.placed(0, 1, [HandBuilt.line("Item", x: 310, y: 110)]),
            HandBuilt.placed(1, 0, [HandBuilt.line("12 May", x: 10, y: 170)]),   // between rows 1 and 2
            HandBuilt.placed(1, 1, [HandBuilt.line("Coffee", x: 310, y: 150)]),
            HandBuilt.placed(2, 0),
            HandBuilt.placed(2, 1, [HandBuilt.line("Tea", x: 310, y: 190)]),
        ]
        let spanned = RowRecovery.spanning(cells)
        #expect(spanned.count == 5)
        let date = spanned.first { $0.lines.first?.text == "12 May" }
        #expect(date?.cell.row == 1)
        #expect(date?.cell.rowSpan == 2)
        #expect(date?.box == cells[2].box.union(cells[4].box))
    }

    @Test func aCellAtItsRowsMiddleSpansNothing() {
        let cells = [
            HandBuilt.placed(0, 0, [HandBuilt.line("12 May", x: 10, y: 110)]),
            HandBuilt.placed(0, 1, [HandBuilt.line("Coffee", x: 310, y: 110)]),
            HandBuilt.placed(1, 0),
            HandBuilt.placed(1, 1, [HandBuilt.line("Tea", x: 310, y: 150)]),
        ]
        #expect(RowRecovery.spanning(cells) == cells)
    }
}
