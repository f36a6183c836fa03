/// A cell of a ``Table``: where it sits in the table's grid, where it is on the page, and its text.
///
/// A cell spanning rows or columns is one cell, placed at its top left position; the grid
/// positions it covers hold no other cell. An empty cell is a cell with no text.
public struct TableCell: Hashable, Sendable {
    /// Its first row, from 0.
    public var row: Int
    /// Its first column, from 0.
    public var column: Int
    /// How many rows it covers, at least 1.
    public var rowSpan: Int
    /// How many columns it covers, at least 1.
    public var columnSpan: Int
    /// Where the cell is, normalised like ``TextElement/box``.
    public var box: Rect
    /// Whether it heads its column or row (the table's header rows), rather than holding data.
    public var isHeader: Bool
    /// Its text: its lines, top to bottom, separated by a line break; empty for an empty cell.
    public var text: String
    /// How sure the table's reader is of the cell, from 0 to 1: that a cell is here with these
    /// spans. How sure the engine is of its text is its lines' ``Line/confidence``.
    public var confidence: Double
    /// The page's paragraph that holds its lines, as an index into ``Page/paragraphs``; `nil`
    /// for an empty cell.
    public var paragraph: Int?

    public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, box: Rect, isHeader: Bool = false,
                text: String = "", confidence: Double = 1, paragraph: Int? = nil) {
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.box = box
        self.isHeader = isHeader
        self.text = text
        self.confidence = confidence
        self.paragraph = paragraph
    }

    /// The rows it covers.
    public var rows: Range<Int> { row..<(row + rowSpan) }
    /// The columns it covers.
    public var columns: Range<Int> { column..<(column + columnSpan) }
}

extension TableCell: Codable {
    private enum CodingKeys: String, CodingKey {
        case row, column, rowSpan, columnSpan, box, isHeader = "header", text, confidence, paragraph
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        row = try container.decode(Int.self, forKey: .row)
        column = try container.decode(Int.self, forKey: .column)
        rowSpan = try container.decodeIfPresent(Int.self, forKey: .rowSpan) ?? 1
        columnSpan = try container.decodeIfPresent(Int.self, forKey: .columnSpan) ?? 1
        box = try container.decode(Rect.self, forKey: .box)
        isHeader = try container.decodeIfPresent(Bool.self, forKey: .isHeader) ?? false
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decode(Double.self, forKey: .confidence)
        paragraph = try container.decodeIfPresent(Int.self, forKey: .paragraph)
        guard row >= 0, column >= 0, rowSpan >= 1, columnSpan >= 1 else {
            throw DecodingError.dataCorruptedError(forKey: .row, in: container,
                                                   debugDescription: "A cell's row and column must be 0 or more and its spans 1 or more")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(row, forKey: .row)
        try container.encode(column, forKey: .column)
        // Spans of 1, and body cells, are most cells: they are left out.
        if rowSpan != 1 { try container.encode(rowSpan, forKey: .rowSpan) }
        if columnSpan != 1 { try container.encode(columnSpan, forKey: .columnSpan) }
        try container.encode(box, forKey: .box)
        if isHeader { try container.encode(true, forKey: .isHeader) }
        try container.encode(text, forKey: .text)
        try container.encode(confidence, forKey: .confidence)
        try container.encodeIfPresent(paragraph, forKey: .paragraph)
    }
}
