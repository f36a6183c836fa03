extension Table {
    /// This table with `continuation`'s rows after its own: a table printed across a page break,
    /// joined. The rows `continuation` opens with that repeat this table's header (or, with no
    /// header marked, its first row), as printers repeat a header on each page, are left out.
    /// Where this table ``runsOn`` (the break cut through its last row), the row that follows is
    /// the rest of that row: each of its cells' text goes on the cell above, where their columns
    /// match. The box stays this table's: the rows that follow are on another page.
    ///
    /// ```swift
    /// let whole = firstPart.appending(secondPart)   // one table, its header once
    /// ```
    public func appending(_ continuation: Table) -> Table {
        let repeated = repeatedHeaderRows(in: continuation)
        let shift = rowCount - repeated
        var moved = continuation.cells.filter { $0.row >= repeated }.map { cell in
            var cell = cell
            cell.row += shift
            cell.paragraph = nil
            return cell
        }
        var cells = cells, joinedRows = rowCount + continuation.rowCount - repeated
        if runsOn, let rest = restOfLastRow(in: moved) {
            for (index, cell) in rest {
                let text = moved[index].text
                if !text.isEmpty { cells[cell].text += cells[cell].text.isEmpty ? text : "\n" + text }
            }
            moved = moved.indices.filter { index in !rest.contains { $0.moved == index } }.map { index in
                var cell = moved[index]
                cell.row -= 1
                return cell
            }
            joinedRows -= 1
        }
        return Table(box: box, rowCount: joinedRows, columnCount: columnCount, cells: cells + moved, block: block,
                     runsOn: continuation.runsOn)
    }

    /// Whether `continuation` opens with this table's header (or, with no header marked, its first
    /// row), as a printer repeats it at the top of each page or column the table goes on in.
    public func repeatsHeader(in continuation: Table) -> Bool {
        repeatedHeaderRows(in: continuation) > 0
    }

    /// How many of the rows `continuation` opens with repeat this table's header.
    private func repeatedHeaderRows(in continuation: Table) -> Int {
        let fields = fields, next = continuation.fields
        let header = Swift.max(1, headerRowCount)
        return (0..<Swift.min(header, next.count, fields.count)).prefix { next[$0] == fields[$0] }.count
    }

    /// The cells of `moved`'s first row (the row after this table's last), each with the index of
    /// the cell of this table's last row standing over the same columns; `nil` unless every one
    /// has such a cell.
    private func restOfLastRow(in moved: [TableCell]) -> [(moved: Int, cell: Int)]? {
        let first = moved.indices.filter { moved[$0].row == rowCount }
        guard !first.isEmpty else { return nil }
        var pairs: [(moved: Int, cell: Int)] = []
        for index in first {
            guard let above = cells.firstIndex(where: { cell in
                cell.rows.contains(rowCount - 1) && cell.column == moved[index].column && cell.columnSpan == moved[index].columnSpan
                    && moved[index].rowSpan == 1
            }) else { return nil }
            pairs.append((index, above))
        }
        return pairs
    }
}
