import OCRKit

extension Table {
    /// The table as an HTML `table` element: its header rows in `thead`, the rest in `tbody`,
    /// header cells as `th`, spans as `rowspan` and `colspan`, a cell's lines joined by a space.
    ///
    /// ```swift
    /// let html = page.tables[0].html   // <table><thead><tr><th>Date</th>...
    /// ```
    public var html: String {
        let rows = rows
        let headerRows = headerRowCount
        func row(_ cells: [TableCell]) -> String {
            "<tr>" + cells.map { cell in
                let tag = cell.isHeader ? "th" : "td"
                var attributes = ""
                if cell.rowSpan > 1 { attributes += " rowspan=\"\(cell.rowSpan)\"" }
                if cell.columnSpan > 1 { attributes += " colspan=\"\(cell.columnSpan)\"" }
                let text = cell.text.split(separator: "\n").joined(separator: " ").xmlEscaped
                return "<\(tag)\(attributes)>\(text)</\(tag)>"
            }.joined() + "</tr>"
        }
        var html = "<table>"
        if headerRows > 0 { html += "<thead>" + rows.prefix(headerRows).map(row).joined() + "</thead>" }
        if rows.count > headerRows { html += "<tbody>" + rows.dropFirst(headerRows).map(row).joined() + "</tbody>" }
        return html + "</table>"
    }
}
