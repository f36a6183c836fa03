import OCRKit
import Testing

/// A table printed across a page break, joined: the rows after the break follow the rows before,
/// the header the printer repeated is left out, and a continuation that repeats nothing keeps
/// every row.
@Suite struct TableContinuationTests {
    /// A table of `rows` (the first a header when `header`), its cells at made-up places.
    func table(_ rows: [[String]], header: Bool) -> Table {
        let cells = rows.enumerated().flatMap { row, texts in
            texts.enumerated().map { column, text in
                TableCell(row: row, column: column, box: Rect(x: Double(column) / 3, y: Double(row) / 40, width: 0.3, height: 0.02),
                          isHeader: header && row == 0, text: text)
            }
        }
        return Table(box: Rect(x: 0, y: 0, width: 1, height: 0.5), rowCount: rows.count, columnCount: rows[0].count, cells: cells)
    }

    @Test func theRepeatedHeaderIsLeftOut() {
        let firstPart = table([["Paragraph", "Opens with"], ["1", "This License"], ["2", "To protect"]], header: true)
        let secondPart = table([["Paragraph", "Opens with"], ["3", "Developers that"]], header: true)
        // Example from Sources/OCRKit/Model/Table+Continuation.swift
        let whole = firstPart.appending(secondPart)   // one table, its header once

        #expect(whole.fields == [["Paragraph", "Opens with"], ["1", "This License"], ["2", "To protect"], ["3", "Developers that"]])
        #expect(whole.rowCount == 4 && whole.headerRowCount == 1)
    }

    @Test func aContinuationWithoutTheHeaderKeepsEveryRow() {
        let first = table([["Paragraph", "Opens with"], ["1", "This License"]], header: true)
        let next = table([["2", "To protect"], ["3", "Developers that"]], header: false)
        #expect(first.appending(next).fields.map { $0[0] } == ["Paragraph", "1", "2", "3"])
    }

    @Test func aRowThePageBreakCutIsOneRowAgain() {
        var first = table([["Option", "Platforms"], ["CPU", "Linux"]], header: true)
        first.runsOn = true
        let next = table([["Option", "Platforms"], ["", "Windows"], ["GIL", "macOS"]], header: true)
        let whole = first.appending(next)
        #expect(whole.fields == [["Option", "Platforms"], ["CPU", "Linux\nWindows"], ["GIL", "macOS"]])
        #expect(whole.rowCount == 3 && whole.cells.count == 6 && !whole.runsOn)
        #expect(table([["Option", "Platforms"], ["CPU", "Linux"]], header: true).appending(next).rowCount == 4,
                "a table whose last row was closed keeps the next row apart")
    }
}
