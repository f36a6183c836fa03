/// A table on a page: its cells in a grid of rows and columns.
///
/// The table's text is the page's text too: its block (``block``) holds a paragraph for each cell
/// that has text, in the order of ``cells``, so that whatever reads a page's lines and
/// paragraphs still finds every word, and ``Page/text`` writes the table a row a line, its cells
/// apart.
///
/// ```swift
/// for table in page.tables {
///     for row in table.rows {
///         print(row.map(\.text).joined(separator: " | "))
///     }
/// }
/// ```
public struct Table: Hashable, Sendable, Codable {
    /// Where the table is, normalised like ``TextElement/box``.
    public var box: Rect
    /// How many rows its grid has.
    public var rowCount: Int
    /// How many columns its grid has.
    public var columnCount: Int
    /// Its cells, row by row and left to right, each at its top left position in the grid.
    public var cells: [TableCell]
    /// The page's block holding its text, as an index into ``Page/blocks``; `nil` for a table
    /// with no text at all.
    public var block: Int?
    /// Whether the table's last row runs on below its box: a ruled table a page break cut
    /// through a row, its bottom rule not drawn. The table's next part opens with the rest of
    /// that row (``appending(_:)``).
    public var runsOn: Bool

    public init(box: Rect, rowCount: Int, columnCount: Int, cells: [TableCell], block: Int? = nil, runsOn: Bool = false) {
        self.box = box
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.cells = cells
        self.block = block
        self.runsOn = runsOn
    }

    private enum CodingKeys: String, CodingKey {
        case box, rowCount, columnCount, cells, block, runsOn
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        box = try container.decode(Rect.self, forKey: .box)
        rowCount = try container.decode(Int.self, forKey: .rowCount)
        columnCount = try container.decode(Int.self, forKey: .columnCount)
        cells = try container.decode([TableCell].self, forKey: .cells)
        block = try container.decodeIfPresent(Int.self, forKey: .block)
        runsOn = try container.decodeIfPresent(Bool.self, forKey: .runsOn) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(box, forKey: .box)
        try container.encode(rowCount, forKey: .rowCount)
        try container.encode(columnCount, forKey: .columnCount)
        try container.encode(cells, forKey: .cells)
        try container.encodeIfPresent(block, forKey: .block)
        if runsOn { try container.encode(true, forKey: .runsOn) }
    }

    /// The cells of each row, left to right: a cell spanning rows is in its first row only.
    public var rows: [[TableCell]] {
        var rows = [[TableCell]](repeating: [], count: rowCount)
        for cell in cells where rows.indices.contains(cell.row) { rows[cell.row].append(cell) }
        return rows.map { $0.sorted { $0.column < $1.column } }
    }

    /// The number of the table's header rows: the rows at its top whose cells are all headers.
    public var headerRowCount: Int {
        let rows = rows
        return rows.prefix { !$0.isEmpty && $0.allSatisfy(\.isHeader) }.count
    }

    /// The grid, a row a list and a column an entry, each position holding the index in ``cells``
    /// of the cell covering it, `nil` where none does.
    public var grid: [[Int?]] {
        var grid = [[Int?]](repeating: [Int?](repeating: nil, count: columnCount), count: rowCount)
        for (index, cell) in cells.enumerated() {
            for row in cell.rows where row < rowCount {
                for column in cell.columns where column < columnCount { grid[row][column] = index }
            }
        }
        return grid
    }

    /// Whether any cell spans more than one row or column: such a table cannot be written as a
    /// simple grid of text (a Markdown pipe table) without losing it.
    public var hasSpans: Bool { cells.contains { $0.rowSpan > 1 || $0.columnSpan > 1 } }

    /// The table as plain text: a row a line, its cells separated by a tab, a cell's lines joined
    /// by a space. A position a spanning cell covers beyond its first is an empty field, so that
    /// every row has as many fields as the table has columns.
    public var text: String {
        fields.map { row in row.map { $0.split(separator: "\n").joined(separator: " ") }.joined(separator: "\t") }
            .joined(separator: "\n")
    }

    /// The grid's text a row at a time, a field a column: each cell's text at its top left
    /// position, the positions it covers beyond that, and those no cell covers, empty.
    public var fields: [[String]] {
        grid.enumerated().map { row, indices in
            indices.enumerated().map { column, index in
                guard let index, cells[index].row == row, cells[index].column == column else { return "" }
                return cells[index].text
            }
        }
    }
}
