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
    /// The cells with the spans recovered, cells merged away.
    static func recovered(_ cells: [PlacedCell]) -> [PlacedCell] {
        var cells = cells
        let rowCount = (cells.map { $0.cell.row + $0.cell.rowSpan }.max() ?? 0)
        let columnCount = (cells.map { $0.cell.column + $0.cell.columnSpan }.max() ?? 0)
        guard rowCount > 2, columnCount > 1 else { return cells }
        func row(_ index: Int) -> [Int] {
            cells.indices.filter { cells[$0].cell.row == index }.sorted { cells[$0].cell.column < cells[$1].cell.column }
        }
        let body = (0..<rowCount).filter { index in !row(index).contains { cells[$0].cell.isHeader } }
        var merges: [(first: Int, through: Int)] = []   // a cell, and the last of the empty cells it takes
        for index in body {
            let members = row(index)
            guard members.count == columnCount,
                  members.allSatisfy({ cells[$0].cell.rowSpan == 1 && cells[$0].cell.columnSpan == 1 }),
                  !cells[members[0]].lines.isEmpty else { continue }
            let filled = members.map { !cells[$0].lines.isEmpty }
            if filled.dropFirst().allSatisfy({ !$0 }) {
                merges.append((members[0], members.count - 1))
            } else if index == body.last, let next = filled.dropFirst().firstIndex(of: true), next > 1 {
                let others = body.dropLast()
                let usuallyFilled = (1..<next).allSatisfy { column in
                    others.allSatisfy { other in row(other).contains { cells[$0].cell.column == column && !cells[$0].lines.isEmpty } }
                }
                if usuallyFilled, !others.isEmpty { merges.append((members[0], next - 1)) }
            }
        }
        guard !merges.isEmpty else { return cells }
        var removed: Set<Int> = []
        for merge in merges {
            let members = row(cells[merge.first].cell.row)
            let taken = members[1...merge.through]
            cells[merge.first].cell.columnSpan = merge.through + 1
            cells[merge.first].box = taken.reduce(cells[merge.first].box) { $0.union(cells[$1].box) }
            removed.formUnion(taken)
        }
        return cells.indices.filter { !removed.contains($0) }.map { cells[$0] }
    }
}
