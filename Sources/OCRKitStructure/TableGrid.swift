import OCRKit

/// A table's grid read from the HTML tokens of its structure, as SLANet gives them: each cell's
/// row, column and spans, whether it heads the table, and which of the model's cell boxes is its.
///
/// ```swift
/// let grid = TableGrid(tokens: ["<thead>", "<tr>", "<td", " colspan=\"2\"", ">", "</td>", "</tr>", "</thead>",
///                               "<tbody>", "<tr>", "<td></td>", "<td></td>", "</tr>", "</tbody>"])
/// print(grid.rowCount, grid.columnCount)   // 2 2
/// print(grid.cells[0].columnSpan)          // 2
/// ```
public struct TableGrid: Hashable, Sendable {
    /// A cell of the grid: a ``OCRKit/TableCell`` without its place on the page or its text.
    public struct Cell: Hashable, Sendable {
        public var row: Int
        public var column: Int
        public var rowSpan = 1
        public var columnSpan = 1
        public var isHeader: Bool
        /// How sure the model was of the tokens that make the cell: the least of their probabilities.
        public var confidence: Double

        public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, isHeader: Bool, confidence: Double) {
            self.row = row
            self.column = column
            self.rowSpan = rowSpan
            self.columnSpan = columnSpan
            self.isHeader = isHeader
            self.confidence = confidence
        }
    }

    public var rowCount: Int
    public var columnCount: Int
    /// The cells in the order of their tokens: row by row, left to right, as the model's boxes are.
    public var cells: [Cell]

    /// A grid of `cells`, each where it says, in the order a model's boxes would be: row by row,
    /// left to right.
    public init(rowCount: Int, columnCount: Int, cells: [Cell]) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.cells = cells
    }

    /// The grid the tokens describe; `probabilities`, one a token, give the cells' confidence.
    /// Tokens outside a row are ignored, and rows that spans reach beyond are cut at the last row.
    public init(tokens: [String], probabilities: [Double] = []) {
        var cells: [Cell] = []
        var taken: [[Bool]] = []   // by row, the columns cells already cover
        var row = -1, column = 0, inHeader = false
        var open: Cell?
        func probability(_ index: Int) -> Double { probabilities.indices.contains(index) ? probabilities[index] : 1 }
        func place(_ cell: inout Cell) {
            while taken.count <= row + cell.rowSpan - 1 { taken.append([]) }
            while taken[row].count > column && taken[row][column] { column += 1 }
            cell.row = row
            cell.column = column
            for r in row..<(row + cell.rowSpan) {
                while taken[r].count < column + cell.columnSpan { taken[r].append(false) }
                for c in column..<(column + cell.columnSpan) { taken[r][c] = true }
            }
            column += cell.columnSpan
            cells.append(cell)
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case "<thead>": inHeader = true
            case "</thead>": inHeader = false
            case "<tr>":
                row += 1
                column = 0
            case "<td></td>", "<td>", "<td":
                guard row >= 0 else { continue }
                let cell = Cell(row: row, column: 0, isHeader: inHeader, confidence: probability(index))
                if token == "<td></td>" {
                    var placed = cell
                    place(&placed)
                } else {
                    open = cell
                }
            case ">":
                continue
            case "</td>":
                if var cell = open {
                    place(&cell)
                    open = nil
                }
            default:
                guard var cell = open, let span = Self.span(token) else { continue }
                if token.contains("colspan") { cell.columnSpan = span } else { cell.rowSpan = span }
                cell.confidence = min(cell.confidence, probability(index))
                open = cell
            }
        }
        rowCount = row + 1
        for index in cells.indices where cells[index].row + cells[index].rowSpan > rowCount {
            cells[index].rowSpan = rowCount - cells[index].row
        }
        columnCount = cells.map { $0.column + $0.columnSpan }.max() ?? 0
        self.cells = cells
    }

    /// The number in a span token such as ` colspan="3"`, when it is one.
    private static func span(_ token: String) -> Int? {
        guard token.contains("span=\"") else { return nil }
        let digits = token.filter(\.isNumber)
        return Int(digits).map { max(1, $0) }
    }
}
