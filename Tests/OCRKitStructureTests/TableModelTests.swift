import Foundation
import OCRKit
import OCRKitExport
import Testing

/// The core's table model and its JSON, on a table made by hand: spans, an empty cell, a cell
/// of two lines.
struct TableModelTests {
    static func page() -> Page {
        func line(_ text: String, y: Double) -> Line {
            let box = Rect(x: 0.1, y: y, width: 0.2, height: 0.02)
            return Line(text: text, confidence: 0.9, box: box, quad: box.scaled(width: 100, height: 100).quad)
        }
        var page = Page(image: "table.png", width: 100, height: 100, engine: EngineInfo(name: "test", version: "1"),
                        layout: [[[line("Title", y: 0.02)]], [[line("Item", y: 0.1)], [line("Price", y: 0.1)],
                                                               [line("Tea", y: 0.2), line("green", y: 0.23)], [line("2.50", y: 0.2)]]])
        let box = Rect(x: 0.1, y: 0.1, width: 0.8, height: 0.3)
        page.tables = [Table(box: box, rowCount: 3, columnCount: 2, cells: [
            TableCell(row: 0, column: 0, box: box, isHeader: true, text: "Item", confidence: 0.9, paragraph: 1),
            TableCell(row: 0, column: 1, box: box, isHeader: true, text: "Price", confidence: 0.9, paragraph: 2),
            TableCell(row: 1, column: 0, box: box, text: "Tea\ngreen", confidence: 0.8, paragraph: 3),
            TableCell(row: 1, column: 1, box: box, text: "2.50", confidence: 0.9, paragraph: 4),
            TableCell(row: 2, column: 0, columnSpan: 2, box: box, confidence: 0.7),
        ], block: 1)]
        return page
    }

    @Test func writesATableARowALineItsCellsApartInThePagesText() {
        #expect(Self.page().text == "Title\n\nItem\tPrice\nTea green\t2.50\n\t")
    }

    @Test func keepsTablesThroughJSONAndRefusesOnesPointingOutsideThePage() throws {
        let page = Self.page()
        let data = try page.jsonData()
        #expect(try Page(jsonData: data) == page)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cells = try #require((object["tables"] as? [[String: Any]])?.first?["cells"] as? [[String: Any]])
        #expect(cells[4]["columnSpan"] as? Int == 2 && cells[4]["paragraph"] == nil && cells[0]["header"] as? Bool == true)

        var broken = page
        broken.tables[0].cells[0].paragraph = 0   // the title's paragraph, outside the table's block
        #expect(throws: DecodingError.self) { try Page(jsonData: try broken.jsonData()) }
        broken = page
        broken.tables[0].block = 7
        #expect(throws: DecodingError.self) { try Page(jsonData: try broken.jsonData()) }
    }

    @Test func aPageWithoutTablesIsWrittenAsBefore() throws {
        var page = Self.page()
        page.tables = []
        let object = try #require(try JSONSerialization.jsonObject(with: try page.jsonData()) as? [String: Any])
        #expect(object["tables"] == nil)
    }

    @Test func laidOutAnewAPageLosesItsTables() {
        let page = Self.page()
        #expect(page.replacingLayout(page.layout).tables.isEmpty)
    }
}
