import OCRKit
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
}
