import OCRKit
import OCRKitLayout

/// Whether lines are laid out as a table, judged from their words' boxes alone: the layout
/// model takes some tables (unruled, or of a few narrow columns) for text or a formula, and the
/// words say otherwise. Words in one row (``OCRKitLayout/Rows/areInOneRow(_:_:height:)``) a
/// column's gutter apart (``OCRKitLayout/Rows/columnCount(of:)``) are in different cells; a table
/// has three rows or more, most of them of two cells or more. Prose has one run of words a row.
enum TableLikeness {
    /// The least share of rows holding two cells or more.
    static let rowShare = 0.6
    static let minimumRows = 3

    static func looksLikeTable(_ lines: [Line]) -> Bool {
        let rows = rows(of: lines.flatMap(\.asWords).map(\.quad.boundingRect))
        guard rows.count >= minimumRows else { return false }
        let split = rows.filter { Rows.columnCount(of: $0) >= 2 }.count
        return Double(split) >= rowShare * Double(rows.count)
    }

    /// The boxes (in pixels) grouped into rows, top to bottom: a box in one row with the row's
    /// first box, by that box's height, joins it.
    static func rows(of boxes: [Rect]) -> [[Rect]] {
        var rows: [[Rect]] = []
        for box in boxes.sorted(by: { $0.midY < $1.midY }) {
            if let first = rows.last?.first, Rows.areInOneRow(box, first, height: first.height) {
                rows[rows.count - 1].append(box)
            } else {
                rows.append([box])
            }
        }
        return rows
    }
}
