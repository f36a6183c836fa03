import OCRKit
@testable import OCRKitStructure

/// Pages, lines and grids built by hand, on a page of ``side`` x ``side`` pixels, for the rules
/// of reading a structure tested without its models.
enum HandBuilt {
    static let side = 1000.0

    /// A word at `x`, `y` (its top left), `width` x `height` pixels.
    static func word(_ text: String, x: Double, y: Double, width: Double, height: Double = 20) -> Word {
        let pixels = Rect(x: x, y: y, width: width, height: height)
        return Word(text: text, confidence: 0.9, box: pixels.scaled(width: 1 / side, height: 1 / side), quad: pixels.quad)
    }

    /// A line of `text` whose words stand a space (a third of their height) apart from `x`, each
    /// 12 pixels a character.
    static func line(_ text: String, x: Double, y: Double, height: Double = 20) -> Line {
        var words: [Word] = []
        var left = x
        for piece in text.split(separator: " ") {
            let width = 12 * Double(piece.count)
            words.append(word(String(piece), x: left, y: y, width: width, height: height))
            left += width + height / 3
        }
        return Line(words: words)
    }

    /// A grid cell (spanning one row and one column unless told).
    static func cell(_ row: Int, _ column: Int, rowSpan: Int = 1, columnSpan: Int = 1, header: Bool = false) -> TableGrid.Cell {
        TableGrid.Cell(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan, isHeader: header, confidence: 1)
    }

    /// The grid of rows holding `cells` cells each, from its HTML tokens.
    static func grid(_ cells: [Int]) -> TableGrid {
        TableGrid(tokens: cells.flatMap { ["<tr>"] + Array(repeating: "<td></td>", count: $0) + ["</tr>"] })
    }

    /// A box in pixels, normalised like a page's boxes.
    static func box(x: Double, y: Double, width: Double, height: Double) -> Rect {
        Rect(x: x, y: y, width: width, height: height).scaled(width: 1 / side, height: 1 / side)
    }

    /// A body cell of a grid whose rows are 40 pixels high from `top` and whose columns are
    /// `columnWidth` wide from the left edge, holding `lines`.
    static func placed(_ row: Int, _ column: Int, _ lines: [Line] = [], top: Double = 100, columnWidth: Double = 300) -> PlacedCell {
        PlacedCell(cell: cell(row, column), box: box(x: Double(column) * columnWidth, y: top + 40 * Double(row), width: columnWidth, height: 40),
                   lines: lines)
    }

    /// The page `lines` make, in one paragraph.
    static func page(_ lines: [Line]) -> Page {
        Page(image: "hand-built", width: Int(side), height: Int(side), engine: EngineInfo(name: "hand", version: "1"), lines: lines)
    }
}
