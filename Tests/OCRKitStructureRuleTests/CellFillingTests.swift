import OCRKit
import Testing
@testable import OCRKitStructure

/// Words put into a hand-built grid of two rows and two columns, each cell 300 x 40 pixels from
/// (0, 100).
@Suite struct CellFillingTests {
    static let filling: CellFilling = {
        let cells = [HandBuilt.placed(0, 0), HandBuilt.placed(0, 1), HandBuilt.placed(1, 0), HandBuilt.placed(1, 1)]
        return CellFilling(grid: HandBuilt.grid([2, 2]), boxes: cells.map(\.box))
    }()

    /// A detector's one line across two cells, a ruled table's "|" read between them.
    @Test func aLineAcrossTwoCellsIsSplitAtTheGapAndTheRuleLeftOut() {
        let line = Line(words: [HandBuilt.word("Green", x: 20, y: 110, width: 60), HandBuilt.word("tea", x: 87, y: 110, width: 36),
                                HandBuilt.word("|", x: 295, y: 105, width: 4, height: 30), HandBuilt.word("2.10", x: 320, y: 110, width: 48)])
        let placed = Self.filling.placed([line])
        #expect(placed.map { $0.lines.map(\.text) } == [["Green tea"], ["2.10"], [], []])
    }

    /// A long cell's last word reaching past its column's edge stays with the words a space before it.
    @Test func aRunOfWordsIsPlacedWholeByItsMiddle() {
        let line = HandBuilt.line("A very long description of it", x: 20, y: 150)
        #expect(line.box.maxX > 300 / HandBuilt.side)
        let placed = Self.filling.placed([line])
        #expect(placed[2].lines.map(\.text) == ["A very long description of it"])
        #expect(placed[3].lines.isEmpty)
    }

    @Test func aCellsLinesReadTopToBottom() {
        let placed = Self.filling.placed([HandBuilt.line("second", x: 20, y: 160), HandBuilt.line("first", x: 20, y: 142)])
        #expect(placed[2].lines.map(\.text) == ["first", "second"])
    }

    /// A row the model left short: its second cell is missing, and a word there goes to the
    /// nearest cell in its row, not to the cell above.
    @Test func aWordWhereNoCellIsGoesToTheNearestCellInItsRow() {
        let cells = [HandBuilt.placed(0, 0), HandBuilt.placed(0, 1), HandBuilt.placed(1, 0)]
        let filling = CellFilling(grid: HandBuilt.grid([2, 1]), boxes: cells.map(\.box))
        #expect(filling.cell(of: HandBuilt.word("2.10", x: 320, y: 150, width: 48).box) == 2)
    }
}
