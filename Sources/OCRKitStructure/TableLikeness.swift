import OCRKit

/// Whether lines are laid out as a table, judged from their words' boxes alone: the layout
/// model takes some tables (unruled, or of a few narrow columns) for text or a formula, and the
/// words say otherwise. Words a line height or more apart are in different cells; a table has
/// three rows or more, most of them of two cells or more. Prose has one run of words a row.
enum TableLikeness {
    /// The least share of rows holding two cells or more.
    static let rowShare = 0.6
    static let minimumRows = 3

    static func looksLikeTable(_ lines: [Line]) -> Bool {
        let rows = rows(of: lines.flatMap(\.asWords).map(\.quad.boundingRect))
        guard rows.count >= minimumRows else { return false }
        let split = rows.filter { runCount(of: $0) >= 2 }.count
        return Double(split) >= rowShare * Double(rows.count)
    }

    /// The boxes (in pixels) grouped into rows: a box whose middle lies within half the row's
    /// height of the row's middle joins it.
    static func rows(of boxes: [Rect]) -> [[Rect]] {
        var rows: [[Rect]] = []
        for box in boxes.sorted(by: { $0.midY < $1.midY }) {
            if let last = rows.last, let first = last.first, abs(box.midY - first.midY) < first.height / 2 {
                rows[rows.count - 1].append(box)
            } else {
                rows.append([box])
            }
        }
        return rows
    }

    /// How many runs a row's boxes make, split where a gap is wider than the row is high.
    static func runCount(of row: [Rect]) -> Int {
        let sorted = row.sorted { $0.minX < $1.minX }
        let height = row.map(\.height).max() ?? 0
        var runs = 1, right = sorted.first?.maxX ?? 0
        for box in sorted.dropFirst() {
            if box.minX - right > height { runs += 1 }
            right = max(right, box.maxX)
        }
        return runs
    }
}
