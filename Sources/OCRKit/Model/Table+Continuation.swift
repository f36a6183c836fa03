extension Table {
    /// This table with `continuation`'s rows after its own: a table printed across a page break,
    /// joined. The rows `continuation` opens with that repeat this table's header (or, with no
    /// header marked, its first row), as printers repeat a header on each page, are left out. The
    /// box stays this table's: the rows that follow are on another page.
    ///
    /// ```swift
    /// let whole = firstPart.appending(secondPart)   // one table, its header once
    /// ```
    public func appending(_ continuation: Table) -> Table {
        let fields = fields, next = continuation.fields
        let header = Swift.max(1, headerRowCount)
        let repeated = (0..<Swift.min(header, next.count, fields.count)).prefix { next[$0] == fields[$0] }.count
        let moved = continuation.cells.filter { $0.row >= repeated }.map { cell in
            var cell = cell
            cell.row += rowCount - repeated
            cell.paragraph = nil
            return cell
        }
        return Table(box: box, rowCount: rowCount + continuation.rowCount - repeated, columnCount: columnCount,
                     cells: cells + moved, block: block)
    }
}
