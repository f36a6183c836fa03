import OCRKit
import OCRKitLayout
import Testing
@testable import OCRKitStructure

@Suite struct TableLikenessTests {
    @Test func rowsOfCellsAFewSpacesApartAreATable() {
        let lines = (0..<3).flatMap { row in
            [HandBuilt.line("Coffee", x: 20, y: 100 + 30 * Double(row)), HandBuilt.line("3.50", x: 200, y: 100 + 30 * Double(row))]
        }
        #expect(TableLikeness.looksLikeTable(lines))
    }

    @Test func proseIsNoTable() {
        let lines = ["The quick brown fox jumps", "over the lazy dog and runs", "into the woods at night"].enumerated().map { row, text in
            HandBuilt.line(text, x: 20, y: 100 + 30 * Double(row))
        }
        #expect(!TableLikeness.looksLikeTable(lines))
    }

    @Test func twoRowsAreTooFewForATable() {
        let lines = (0..<2).flatMap { row in
            [HandBuilt.line("Coffee", x: 20, y: 100 + 30 * Double(row)), HandBuilt.line("3.50", x: 200, y: 100 + 30 * Double(row))]
        }
        #expect(!TableLikeness.looksLikeTable(lines))
    }

    /// Over a third of the rows in one run (a title, notes under the table) and it is no table.
    @Test func aTableNeedsMostRowsInCells() {
        var lines = (0..<3).flatMap { row in
            [HandBuilt.line("Coffee", x: 20, y: 100 + 30 * Double(row)), HandBuilt.line("3.50", x: 200, y: 100 + 30 * Double(row))]
        }
        lines += (3..<6).map { HandBuilt.line("a note under it", x: 20, y: 100 + 30 * Double($0)) }
        #expect(!TableLikeness.looksLikeTable(lines))
    }

    /// Justified prose in a narrow column stands its few words far apart, but its gaps fall
    /// anywhere: no gutter runs down it. The words of a quotation in pip's survey report printed
    /// two columns to a page by Chromium, where they lie (points, from `pdftotext -bbox`).
    @Test func justifiedProseInANarrowColumnIsNoTable() {
        let rows: [[(String, Double, Double)]] = [
            [("\"I", 87.0, 95.5), ("am", 112.8, 128.2), ("a", 145.4, 151.4), ("1st", 168.6, 184.1), ("generation", 201.3, 256.4)],
            [("Dominican-American.", 87.0, 196.5), ("My", 240.5, 256.4)],
            [("parents", 87.0, 125.6), ("are", 130.5, 147.1), ("from", 152.0, 176.0), ("the", 180.8, 197.2), ("Dominican", 202.1, 256.4)],
            [("Republic.\"", 87.0, 139.4), ("-", 164.4, 168.5), ("Participant", 193.8, 256.4)],
            [("242769361", 87.0, 149.6)],
        ]
        // At 4 pixels a point, each line 13.5 points below the last, its words 11.6 tall.
        let lines = rows.enumerated().map { index, row in
            Line(words: row.map { HandBuilt.word($0.0, x: 4 * $0.1, y: 4 * (294.5 + 13.5 * Double(index)), width: 4 * ($0.2 - $0.1), height: 4 * 11.6) })
        }
        #expect(lines.filter { Rows.columnCount(of: $0.words.map(\.quad.boundingRect)) >= 2 }.count == 3,
                "three of its five lines' gaps are a column's gutter wide")
        #expect(!TableLikeness.looksLikeTable(lines))
    }
}
