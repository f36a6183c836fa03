import OCRKit
import OCRKitLayout

/// Whether lines are laid out as a table, judged from their words' boxes alone: the layout
/// model takes some tables (unruled, or of a few narrow columns) for text or a formula, and the
/// words say otherwise. Words in one row (``OCRKitLayout/Rows/areInOneRow(_:_:height:)``) a
/// column's gutter apart (``OCRKitLayout/Rows/gutters(of:)``) are in different cells; a table
/// has three rows or more, most of them parted by one gutter running down them all, for a
/// table's columns stand one under another. Prose has one run of words a row; justified prose
/// in a narrow column may have wide gaps, but each line's where its words fall.
enum TableLikeness {
    /// The least share of rows a gutter runs down.
    static let rowShare = 0.6
    static let minimumRows = 3

    static func looksLikeTable(_ lines: [Line]) -> Bool {
        let rows = rows(of: lines.flatMap(\.asWords).map(\.quad.boundingRect))
        guard rows.count >= minimumRows else { return false }
        return Double(mostRowsOneGutterRunsDown(rows.map(Rows.gutters(of:)))) >= rowShare * Double(rows.count)
    }

    /// The most rows one gutter runs down: the largest number of rows whose gutters (each row's
    /// apart) share a point left to right.
    static func mostRowsOneGutterRunsDown(_ gutters: [[ClosedRange<Double>]]) -> Int {
        // Sweep the gutters' edges left to right: an opening before a closing at one point.
        let edges: [(x: Double, change: Int)] = gutters.joined().flatMap { gutter in
            [(x: gutter.lowerBound, change: 1), (x: gutter.upperBound, change: -1)]
        }
        var open = 0, most = 0
        for edge in edges.sorted(by: { $0.x < $1.x || ($0.x == $1.x && $0.change > $1.change) }) {
            open += edge.change
            most = max(most, open)
        }
        return most
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
