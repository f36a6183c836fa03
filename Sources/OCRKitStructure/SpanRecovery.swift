import OCRKit

/// Column spans the structure model misses, recovered from where the text is: SLANet reads a
/// row that spans the table as a row of cells, the first holding the text and the rest empty.
///
/// - A body row whose only text is its first cell's is a section's heading across the table
///   (a price list's "Drinks"): the cell spans the row.
/// - In the table's last row, a first cell followed by empty cells in columns that every other
///   body row fills is a total's label (an invoice's "Total"): it spans up to the next cell
///   with text.
///
/// A row that spans rows, or has other spans, is left as the model read it.
enum SpanRecovery {
    /// The cells, their boxes and their lines with the spans recovered, cells merged away.
    static func recovered(cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]])
        -> (cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]]) {
        var cells = cells, boxes = boxes, lines = lines
        let rowCount = (cells.map { $0.row + $0.rowSpan }.max() ?? 0)
        let columnCount = (cells.map { $0.column + $0.columnSpan }.max() ?? 0)
        guard rowCount > 2, columnCount > 1 else { return (cells, boxes, lines) }
        func row(_ index: Int) -> [Int] {
            cells.indices.filter { cells[$0].row == index }.sorted { cells[$0].column < cells[$1].column }
        }
        let body = (0..<rowCount).filter { index in !row(index).contains { cells[$0].isHeader } }
        var merges: [(first: Int, through: Int)] = []   // a cell, and the last of the empty cells it takes
        for index in body {
            let members = row(index)
            guard members.count == columnCount, members.allSatisfy({ cells[$0].rowSpan == 1 && cells[$0].columnSpan == 1 }),
                  !lines[members[0]].isEmpty else { continue }
            let filled = members.map { !lines[$0].isEmpty }
            if filled.dropFirst().allSatisfy({ !$0 }) {
                merges.append((members[0], members.count - 1))
            } else if index == body.last, let next = filled.dropFirst().firstIndex(of: true), next > 1 {
                let others = body.dropLast()
                let usuallyFilled = (1..<next).allSatisfy { column in
                    others.allSatisfy { other in row(other).contains { cells[$0].column == column && !lines[$0].isEmpty } }
                }
                if usuallyFilled, !others.isEmpty { merges.append((members[0], next - 1)) }
            }
        }
        guard !merges.isEmpty else { return (cells, boxes, lines) }
        var removed: Set<Int> = []
        for merge in merges {
            let members = row(cells[merge.first].row)
            let taken = members[1...merge.through]
            cells[merge.first].columnSpan = merge.through + 1
            boxes[merge.first] = taken.reduce(boxes[merge.first]) { $0.union(boxes[$1]) }
            removed.formUnion(taken)
        }
        let kept = cells.indices.filter { !removed.contains($0) }
        return (kept.map { cells[$0] }, kept.map { boxes[$0] }, kept.map { lines[$0] })
    }
}
