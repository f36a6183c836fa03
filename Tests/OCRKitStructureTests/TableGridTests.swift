import OCRKit
import OCRKitStructure
import Testing

struct TableGridTests {
    @Test func placesCellsAfterTheRowsAndColumnsSpansCover() {
        // | a (2 rows) | b (2 columns) |
        // |            | c | d         |
        // | e | f | g                  |
        let grid = TableGrid(tokens: [
            "<thead>", "<tr>", "<td", " rowspan=\"2\"", ">", "</td>", "<td", " colspan=\"2\"", ">", "</td>", "</tr>", "</thead>",
            "<tbody>", "<tr>", "<td></td>", "<td></td>", "</tr>",
            "<tr>", "<td></td>", "<td></td>", "<td></td>", "</tr>", "</tbody>",
        ], probabilities: [1, 1, 1, 0.6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.9] + Array(repeating: 1, count: 7))
        #expect(grid.rowCount == 3 && grid.columnCount == 3)
        let places = grid.cells.map { [$0.row, $0.column, $0.rowSpan, $0.columnSpan] }
        #expect(places == [[0, 0, 2, 1], [0, 1, 1, 2], [1, 1, 1, 1], [1, 2, 1, 1], [2, 0, 1, 1], [2, 1, 1, 1], [2, 2, 1, 1]])
        #expect(grid.cells.map(\.isHeader) == [true, true, false, false, false, false, false])
        // A cell is as sure as its least sure token: its span, here.
        #expect(grid.cells[0].confidence == 0.6 && grid.cells[3].confidence == 0.9)
    }

    @Test func cutsSpansReachingBeyondTheLastRowAndIgnoresCellsOutsideRows() {
        let grid = TableGrid(tokens: ["<td></td>", "<tr>", "<td", " rowspan=\"5\"", ">", "</td>", "<td></td>", "</tr>"])
        #expect(grid.rowCount == 1 && grid.columnCount == 2)
        #expect(grid.cells.map(\.rowSpan) == [1, 1])
    }

    @Test func anEmptyStructureHasNoCells() {
        let grid = TableGrid(tokens: [])
        #expect(grid.rowCount == 0 && grid.columnCount == 0 && grid.cells.isEmpty)
    }
}
