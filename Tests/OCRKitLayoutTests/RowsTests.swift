import OCRKit
import OCRKitLayout
import Testing

@Suite struct RowsTests {
    @Test func example() {
        // Example from Sources/OCRKitLayout/Rows.swift
        let word = Rect(x: 100, y: 50, width: 60, height: 20), next = Rect(x: 170, y: 54, width: 40, height: 18)
        print(Rows.areInOneRow(word, next, height: 20))   // true: their middles 3 pixels apart
        print(Rows.areCellsApart(word, next))             // false: 10 pixels apart, a space

        #expect(Rows.areInOneRow(word, next, height: 20))
        #expect(!Rows.areCellsApart(word, next))
    }

    @Test func boxesWhoseMiddlesAreHalfAHeightApartStandInTwoRows() {
        let word = Rect(x: 0, y: 0, width: 50, height: 20)
        #expect(Rows.areInOneRow(word, Rect(x: 60, y: 9.9, width: 50, height: 20), height: 20))
        #expect(!Rows.areInOneRow(word, Rect(x: 60, y: 10, width: 50, height: 20), height: 20))
    }

    /// The gap is measured in the taller word's height: a short word ("an") beside a tall one
    /// is no further apart than two tall ones.
    @Test func cellsAreApartBeyondMoreThanHalfTheTallerWordsHeight() {
        let tall = Rect(x: 0, y: 0, width: 50, height: 30)
        #expect(!Rows.areCellsApart(tall, Rect(x: 68, y: 10, width: 20, height: 12)))
        #expect(Rows.areCellsApart(tall, Rect(x: 69, y: 10, width: 20, height: 12)))
    }

    @Test func runsSplitARowWhereItsWordsStandACellApart() {
        let boxes = [Rect(x: 300, y: 0, width: 40, height: 20), Rect(x: 0, y: 0, width: 50, height: 20),
                     Rect(x: 57, y: 0, width: 30, height: 20), Rect(x: 345, y: 0, width: 40, height: 20)]
        let runs = Rows.runs(of: boxes) { $0 }
        #expect(runs.map { $0.map(\.minX) } == [[0, 57], [300, 345]])
    }
}

extension RowsTests {
    /// Whether words stand in columns at all is judged by a wider gutter than the gap between
    /// two cells: a row's tallest word's height.
    @Test func columnsArePartedByMoreThanTheRowsTallestWord() {
        let row = [Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 65, y: 0, width: 40, height: 12),
                   Rect(x: 126, y: 0, width: 40, height: 20)]
        #expect(Rows.runs(of: row) { $0 }.count == 3, "15 and 21 pixels apart: cells apart")
        #expect(Rows.columnCount(of: row) == 2, "only 21 is wider than the row's 20")
    }
}
