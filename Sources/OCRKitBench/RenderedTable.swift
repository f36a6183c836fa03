import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages

/// Where a cell is before it is drawn.
private let unplaced = Rect(x: 0, y: 0, width: 0, height: 0)

/// A table of generated content rendered at run time, with its truth: the benchmark's pages of
/// tables and the tests' are made this way, never typed.
///
/// The truth is a ``OCRKit/Table`` whose cells hold the text rendered (their boxes are where it
/// was drawn); the image is the table alone, ruled or not, on white.
///
/// ```swift
/// let statement = RenderedTable.statement(seed: 7, rows: 6)
/// let (image, truth) = try statement.render(ruled: true)
/// print(truth.rowCount, truth.columnCount)   // 7 6: the header and six rows
/// ```
public struct RenderedTable: Sendable {
    /// The cells to draw, with their rows, columns, spans and header flags; their boxes are ignored.
    public var cells: [TableCell]
    public var rowCount: Int
    public var columnCount: Int

    public init(cells: [TableCell], rowCount: Int, columnCount: Int) {
        self.cells = cells
        self.rowCount = rowCount
        self.columnCount = columnCount
    }

    /// A bank statement's transactions: Date, Description, Reference, Debit, Credit, Balance under a
    /// header row, each row's amount a debit or a credit (the other cell left empty), one date
    /// spanning the two rows of its day, and one description on two lines.
    public static func statement(seed: UInt64, rows: Int) -> RenderedTable {
        var random = SplitMix64(seed: seed)
        var generator = TextGenerator(seed: seed)
        let headers = ["Date", "Description", "Reference", "Debit", "Credit", "Balance"]
        var cells = headers.enumerated().map { TableCell(row: 0, column: $0, box: unplaced, isHeader: true, text: $1) }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[Int.random(in: 0..<12, using: &random)]
        var balance = 1000 + Int.random(in: 0..<9000, using: &random)
        var day = 1 + Int.random(in: 0..<5, using: &random)
        var row = 1
        while row <= rows {
            // The second row spans two rows' dates: two transactions on one day.
            let span = row == 2 && rows >= 3 ? 2 : 1
            cells.append(TableCell(row: row, column: 0, rowSpan: span, box: unplaced, text: "\(day) \(month)"))
            for offset in 0..<span {
                let line = row + offset
                var description = String(generator.sentence(words: 2 + Int.random(in: 0..<3, using: &random)).dropLast()).capitalized
                if line == 3 { description += "\n" + String(generator.sentence(words: 2).dropLast()) }
                let reference = ["BGC", "DD", "CHQ", "POS", "TFR"][Int.random(in: 0..<5, using: &random)] + String(100 + Int.random(in: 0..<900, using: &random))
                let amount = 100 + Int.random(in: 0..<300_000, using: &random)
                let isDebit = Int.random(in: 0..<3, using: &random) > 0
                balance += isDebit ? -amount / 100 : amount / 100
                cells += [
                    TableCell(row: line, column: 1, box: unplaced, text: description),
                    TableCell(row: line, column: 2, box: unplaced, text: reference),
                    TableCell(row: line, column: 3, box: unplaced, text: isDebit ? Self.money(amount) : ""),
                    TableCell(row: line, column: 4, box: unplaced, text: isDebit ? "" : Self.money(amount)),
                    TableCell(row: line, column: 5, box: unplaced, text: Self.money(balance * 100 + Int.random(in: 0..<100, using: &random))),
                ]
            }
            row += span
            day += 1 + Int.random(in: 0..<3, using: &random)
        }
        cells.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        return RenderedTable(cells: cells, rowCount: row, columnCount: headers.count)
    }

    /// Cents as `2,944.10`.
    static func money(_ cents: Int) -> String {
        let units = cents / 100
        let grouped = String(units).reversed().enumerated().map { String($1) + ($0 > 0 && $0 % 3 == 0 ? "," : "") }.reversed().joined()
        return grouped + String(format: ".%02d", cents % 100)
    }

    /// The table drawn in `font`, its cells padded, with rules between every row and column when
    /// `ruled`; and its truth, each cell's box where its text was drawn (normalised).
    public func render(ruled: Bool, font: String = "DejaVu Sans 9", padding: Int = 24, margin: Int = 40) throws -> (image: Bitmap, truth: Table) {
        let drawn = try cells.map { $0.text.isEmpty ? nil : try TextRenderer.render($0.text, font: font, margin: 0) }
        // Columns as wide, and rows as tall, as the cells that lie in them alone need.
        var widths = [Int](repeating: 2 * padding, count: columnCount), heights = [Int](repeating: 2 * padding, count: rowCount)
        for (cell, bitmap) in zip(cells, drawn) {
            guard let bitmap else { continue }
            if cell.columnSpan == 1 { widths[cell.column] = max(widths[cell.column], bitmap.width + 2 * padding) }
            if cell.rowSpan == 1 { heights[cell.row] = max(heights[cell.row], bitmap.height + 2 * padding) }
        }
        let lefts = widths.reduce(into: [margin]) { $0.append($0.last! + $1) }
        let tops = heights.reduce(into: [margin]) { $0.append($0.last! + $1) }
        let width = lefts.last! + margin, height = tops.last! + margin
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = []
        var truth = Table(box: unplaced, rowCount: rowCount, columnCount: columnCount, cells: cells)
        for (index, (cell, bitmap)) in zip(cells, drawn).enumerated() {
            let left = lefts[cell.column], right = lefts[cell.column + cell.columnSpan]
            let top = tops[cell.row], bottom = tops[cell.row + cell.rowSpan]
            truth.cells[index].box = Rect(x: Double(left) / Double(width), y: Double(top) / Double(height),
                                          width: Double(right - left) / Double(width), height: Double(bottom - top) / Double(height))
            guard let bitmap else { continue }
            // Text at the left of its cell, numbers at the right, both in the middle up and down.
            let isNumber = cell.text.first?.isNumber == true && cell.column > 0
            let x = isNumber ? right - padding - bitmap.width : left + padding
            parts.append((bitmap, x, top + (bottom - top - bitmap.height) / 2))
        }
        if ruled {
            let rule = 2
            for x in lefts { parts.append((Self.black(width: rule, height: tops.last! - margin), x - rule / 2, margin)) }
            for y in tops { parts.append((Self.black(width: lefts.last! - margin, height: rule), margin, y - rule / 2)) }
        }
        truth.box = Rect(x: Double(margin) / Double(width), y: Double(margin) / Double(height),
                         width: Double(lefts.last! - margin) / Double(width), height: Double(tops.last! - margin) / Double(height))
        var image = Bitmap.page(width: width, height: height, placing: parts)
        image.image = "rendered table"
        return (image, truth)
    }

    private static func black(width: Int, height: Int) -> Bitmap {
        Bitmap(width: width, height: height, layout: .gray, pixels: [UInt8](repeating: 0, count: width * height), image: "rule")
    }
}
