import Foundation
import OCRKit
@testable import OCRKitEvaluation
import OCRKitTestSupport
import Testing

/// Tables scored as PubTabNet's are: tree edit distance over their HTML, cells by their text.
struct TEDSTests {
    private func table(_ rows: [[String]], header: Bool = false) throws -> TableTree {
        let cell = header ? "th" : "td"
        return try TableTree(html: "<table>" + rows.map { "<tr>" + $0.map { "<\(cell)>\($0)</\(cell)>" }.joined() + "</tr>" }.joined()
                             + "</table>")
    }

    @Test func aTableIsAsSimilarAsCanBeToItself() throws {
        let prices = try table([["Tea", "1.20"], ["Coffee", "2.10"]])
        #expect(prices.nodeCount == 7)
        #expect(TEDS.similarity(prices, prices) == 1)
        #expect(TEDS.similarity(prices, prices, comparesText: false) == 1)
    }

    @Test func aCellMisreadCostsItsTextsEditDistanceOverTheLargerTree() throws {
        let truth = try table([["Tea", "1.20"]]), read = try table([["Tea", "1.28"]])
        #expect(TEDS.similarity(read, truth) == 1 - 0.25 / 4)
        #expect(TEDS.similarity(read, truth, comparesText: false) == 1)
        #expect(TEDS.similarity(try table([["Tea", ""]]), truth) == 1 - 1.0 / 4, "an empty cell against a full one")
    }

    @Test func rowsAndCellsMissedCostANodeEach() throws {
        let truth = try table([["Tea", "1.20"], ["Coffee", "2.10"]])
        #expect(TEDS.similarity(try table([["Tea", "1.20"]]), truth) == 1 - 3.0 / 7, "a row and its two cells")
        #expect(TEDS.similarity(try table([["Tea", "1.20"], ["Coffee"]]), truth) == 1 - 1.0 / 7, "one cell")
        #expect(TEDS.similarity(truth, try table([["Tea", "1.20"]])) == TEDS.similarity(try table([["Tea", "1.20"]]), truth))
    }

    @Test func aRowReadAsAColumnCostsItsRowAndTenNewOnes() throws {
        // The row deleted, its cells then the table's, and a row made around each: 11 edits.
        let row = try table([(1...10).map(String.init)]), column = try table((1...10).map { [String($0)] })
        #expect(TEDS.similarity(row, column, comparesText: false) == 1 - 11.0 / 21)
    }

    @Test func cellsOfOtherSpansDoNotMatch() throws {
        let spanned = try TableTree(html: "<table><tr><td colspan=\"2\">Total</td></tr></table>")
        let plain = try TableTree(html: "<table><tr><td>Total</td></tr></table>")
        #expect(spanned.children[0].children[0].columnSpan == 2)
        #expect(TEDS.similarity(plain, spanned) == 1 - 1.0 / 3)
        #expect(TEDS.similarity(plain, spanned, comparesText: false) == 1 - 1.0 / 3)
    }

    @Test func headerCellsFormattingAndSpacesAreScoredAsPubTabNetIs() throws {
        let formatted = try TableTree(html: "<table><thead><tr><th><b>Unit</b>  price</th></tr></thead></table>")
        let plain = try TableTree(html: "<table><thead><tr><td>Unit price</td></tr></thead></table>")
        #expect(formatted == plain)
    }

    @Test func aListsItemsInACellAreWordsApartAsPrinted() throws {
        let listed = try TableTree(html: "<table><tr><td><ul><li>Linux</li><li>macOS</li></ul></td><td>a<br/>b</td></tr></table>")
        #expect(listed == (try table([["Linux macOS", "a b"]])))
    }

    @Test func htmlThatIsNotATableIsRefused() {
        #expect(throws: OCRError.self) { try TableTree(html: "<table><tr><td>open</tr>") }
        #expect(throws: OCRError.self) { try TableTree(html: "<p>no table here</p>") }
    }

    /// The truths of the shared set: each parses, matches itself, and scores the same against
    /// another either way round, as an edit distance with costs the same both ways must.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.pubtabnet.path), SharedData.missingReason))
    func theSharedSetsTablesAreScored() throws {
        struct Entry: Decodable { var html: String }
        let lines = try String(contentsOf: Self.pubtabnet, encoding: .utf8).split(separator: "\n")
        let tables = try lines.map { try TableTree(html: JSONDecoder().decode(Entry.self, from: Data($0.utf8)).html) }
        #expect(tables.count == 20)
        for (table, next) in zip(tables, tables.dropFirst()) {
            #expect(table.nodeCount > 3 && TEDS.similarity(table, table) == 1)
            let forth = TEDS.similarity(table, next), back = TEDS.similarity(next, table)
            #expect(abs(forth - back) < 1e-9 && forth < 1)
            #expect(TEDS.similarity(table, next, comparesText: false) >= forth)
        }
    }

    static let pubtabnet = SharedData.datasets.appendingPathComponent("pubtabnet/manifest.jsonl")
}
