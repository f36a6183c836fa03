import OCRKit
import Testing
@testable import OCRKitStructure

/// A page's structure read through models that answer as they are told: the reader's rules
/// (kinds corrected, lines put in regions, tables filled, page numbers told) without a model's
/// weights.
@Suite struct PageStructureReaderTests {
    /// A layout model that finds the regions it was given.
    struct GivenLayout: LayoutModel {
        let detections: [LayoutDetection]
        func regions(in image: Bitmap) async throws -> [LayoutDetection] { detections }
    }

    /// A table structure model that reads every table as a grid of `rows` x `columns` equal
    /// cells, as a model gives them: tokens, and boxes in the table image's pixels.
    struct EvenGrid: TableStructureModel {
        let rows: Int, columns: Int
        func structure(of image: Bitmap) async throws -> TableStructurePrediction {
            let width = Double(image.width) / Double(columns), height = Double(image.height) / Double(rows)
            let tokens = (0..<rows).flatMap { _ in ["<tr>"] + Array(repeating: "<td></td>", count: columns) + ["</tr>"] }
            let boxes = (0..<rows).flatMap { row in
                (0..<columns).map { Rect(x: Double($0) * width, y: Double(row) * height, width: width, height: height) }
            }
            return TableStructurePrediction(tokens: tokens, probabilities: Array(repeating: 0.9, count: tokens.count), cellBoxes: boxes)
        }
    }

    static let image = Bitmap(width: Int(HandBuilt.side), height: Int(HandBuilt.side), layout: .gray,
                              pixels: Array(repeating: 255, count: Int(HandBuilt.side * HandBuilt.side)), image: "hand-built")

    /// A title, a paragraph, a table of two columns and three rows (400 x 120 pixels at 100, 400),
    /// and the page's number at its foot.
    static let page = HandBuilt.page([
        HandBuilt.line("Prices", x: 100, y: 100, height: 40),
        HandBuilt.line("What we sell and", x: 100, y: 200),
        HandBuilt.line("what it costs", x: 100, y: 230),
        HandBuilt.line("Coffee", x: 110, y: 410), HandBuilt.line("3.50", x: 310, y: 410),
        HandBuilt.line("Tea", x: 110, y: 450), HandBuilt.line("2.10", x: 310, y: 450),
        HandBuilt.line("Cake", x: 110, y: 490), HandBuilt.line("4.00", x: 310, y: 490),
        HandBuilt.line("7", x: 495, y: 960),
    ])

    static func detection(_ label: String, x: Double, y: Double, width: Double, height: Double, score: Double = 0.9) -> LayoutDetection {
        LayoutDetection(label: label, box: Rect(x: x, y: y, width: width, height: height), score: score)
    }

    @Test func regionsAreReadInOrderWithTheirTableFilledAndThePageNumberTold() async throws {
        let layout = GivenLayout(detections: [
            Self.detection("title", x: 90, y: 90, width: 300, height: 60),
            Self.detection("text", x: 90, y: 190, width: 400, height: 70),
            Self.detection("table", x: 100, y: 400, width: 400, height: 120),
            Self.detection("footer", x: 480, y: 950, width: 40, height: 40),
        ])
        let reader = PageStructureReader(layoutModel: layout, tableModel: EvenGrid(rows: 3, columns: 2))
        let read = try await reader.structure(Self.page, image: Self.image)
        #expect(read.regions.map(\.kind) == [.title, .text, .table, .pageNumber])
        #expect(read.tables.count == 1)
        #expect(read.tables.first?.text == "Coffee\t3.50\nTea\t2.10\nCake\t4.00")
        #expect(read.lines.count == Self.page.lines.count)
    }

    /// The layout model calls an unruled table text; its words, standing in rows of cells, say
    /// it is a table, and the table model then reads it.
    @Test func textWhoseWordsStandInRowsOfCellsIsReadAsATable() async throws {
        let layout = GivenLayout(detections: [Self.detection("text", x: 100, y: 400, width: 400, height: 120)])
        let reader = PageStructureReader(layoutModel: layout, tableModel: EvenGrid(rows: 3, columns: 2))
        let read = try await reader.structure(Self.page, image: Self.image)
        #expect(read.tables.first?.rowCount == 3)
        // The lines in no region the model found make regions of text of their own, surety 0.
        #expect(read.regions.filter { $0.kind == .text }.allSatisfy { $0.confidence == 0 })
    }

    /// A table the model reads as one column is no table: what was taken for one is text.
    @Test func aTableOfOneColumnIsText() async throws {
        let layout = GivenLayout(detections: [Self.detection("table", x: 100, y: 400, width: 400, height: 120)])
        let reader = PageStructureReader(layoutModel: layout, tableModel: EvenGrid(rows: 3, columns: 1))
        let read = try await reader.structure(Self.page, image: Self.image)
        #expect(read.tables.isEmpty)
        #expect(read.regions.contains { $0.kind == .text && $0.confidence == 0.9 })
    }

    /// The model gives one region of text over the whole page, around its table: that region is
    /// none, and the prose above the table is read before it, the prose below after it.
    @Test func aRegionOfTextAroundATableIsNone() async throws {
        var lines = Self.page.lines.filter { $0.text != "7" }
        lines += [HandBuilt.line("After the table we", x: 100, y: 600), HandBuilt.line("say what it means", x: 100, y: 630)]
        let page = HandBuilt.page(lines)
        let layout = GivenLayout(detections: [
            Self.detection("text", x: 80, y: 80, width: 440, height: 600),
            Self.detection("table", x: 100, y: 400, width: 400, height: 120),
        ])
        let reader = PageStructureReader(layoutModel: layout, tableModel: EvenGrid(rows: 3, columns: 2))
        let read = try await reader.structure(page, image: Self.image)
        let text = read.text
        let before = try #require(text.range(of: "what it costs")), table = try #require(text.range(of: "Coffee"))
        let after = try #require(text.range(of: "After the table"))
        #expect(before.upperBound < table.lowerBound && table.upperBound < after.lowerBound, "\(text)")
    }

    /// The model finds the left column's prose but not its last, short line, nor the right
    /// column: that line, too short to show a gutter among the lines outside the model's
    /// regions, stays in its column, read before the right column's lines, not among them.
    @Test func aColumnsLineOutsideTheModelsRegionsStaysInItsColumn() async throws {
        let prose = "words of a column set in full"
        var lines = (0..<8).map { HandBuilt.line(prose, x: 100, y: 100 + 30 * Double($0)) }
        lines.append(HandBuilt.line("0.0.1", x: 100, y: 340))
        lines += (0..<10).map { HandBuilt.line(prose, x: 550, y: 100 + 30 * Double($0)) }
        let layout = GivenLayout(detections: [Self.detection("text", x: 90, y: 90, width: 380, height: 240)])
        let reader = PageStructureReader(layoutModel: layout, tableModel: EvenGrid(rows: 3, columns: 2))
        let read = try await reader.structure(HandBuilt.page(lines), image: Self.image)
        let order = read.lines.map { $0.box.minX < 0.5 ? "left" : "right" }
        #expect(order == Array(repeating: "left", count: 9) + Array(repeating: "right", count: 10), "\(read.text)")
    }
}
