import OCRKit

/// A cell of a table's grid placed on its page: where the model put it, and the page's lines
/// that fell in it. The recoveries (``RowRecovery``, ``SpanRecovery``) split, span and merge
/// placed cells, each cell carrying its box and its lines with it.
struct PlacedCell: Hashable {
    var cell: TableGrid.Cell
    /// Normalised like the page's boxes.
    var box: Rect
    /// Top to bottom.
    var lines: [Line]

    /// Whether the cell spans neither rows nor columns and does not head the table.
    var isPlain: Bool { !cell.isHeader && cell.rowSpan == 1 && cell.columnSpan == 1 }

    /// The cell as the page's table holds it, its lines' text a line each.
    var tableCell: TableCell {
        TableCell(row: cell.row, column: cell.column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan, box: box,
                  isHeader: cell.isHeader, text: lines.map(\.text).joined(separator: "\n"), confidence: cell.confidence)
    }
}
