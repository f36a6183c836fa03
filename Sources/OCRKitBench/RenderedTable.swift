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
/// let (image, truth) = try statement.render(.ruled)
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
                balance = max(100, balance + (isDebit ? -amount / 100 : amount / 100))
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

    /// An invoice's lines: Item, Quantity, Unit price, Amount, and a last row whose "Total" spans
    /// the first three columns.
    public static func invoice(seed: UInt64, rows: Int) -> RenderedTable {
        var random = SplitMix64(seed: seed)
        var generator = TextGenerator(seed: seed &+ 1)
        let headers = ["Item", "Quantity", "Unit price", "Amount"]
        var cells = headers.enumerated().map { TableCell(row: 0, column: $0, box: unplaced, isHeader: true, text: $1) }
        var total = 0
        for row in 1...rows {
            let quantity = 1 + Int.random(in: 0..<12, using: &random), price = 99 + Int.random(in: 0..<20_000, using: &random)
            total += quantity * price
            cells += [
                TableCell(row: row, column: 0, box: unplaced, text: String(generator.sentence(words: 2 + Int.random(in: 0..<2, using: &random)).dropLast()).capitalized),
                TableCell(row: row, column: 1, box: unplaced, text: String(quantity)),
                TableCell(row: row, column: 2, box: unplaced, text: money(price)),
                TableCell(row: row, column: 3, box: unplaced, text: money(quantity * price)),
            ]
        }
        cells += [TableCell(row: rows + 1, column: 0, columnSpan: 3, box: unplaced, text: "Total"),
                  TableCell(row: rows + 1, column: 3, box: unplaced, text: money(total))]
        return RenderedTable(cells: cells, rowCount: rows + 2, columnCount: headers.count)
    }

    /// A bus timetable: a stop a row, a journey a column of times, the first journey not calling at
    /// one stop (its cell empty).
    public static func timetable(seed: UInt64, rows: Int) -> RenderedTable {
        var random = SplitMix64(seed: seed)
        var generator = TextGenerator(seed: seed &+ 2)
        let journeys = 5
        var cells = [TableCell(row: 0, column: 0, box: unplaced, isHeader: true, text: "Stop")]
        cells += (1...journeys).map { TableCell(row: 0, column: $0, box: unplaced, isHeader: true, text: "Bus \(Int.random(in: 10..<99, using: &random))") }
        let skipped = 2 + Int.random(in: 0..<max(1, rows - 2), using: &random)
        var departures = (0..<journeys).map { 6 * 60 + $0 * (20 + Int.random(in: 0..<25, using: &random)) }
        for row in 1...rows {
            cells.append(TableCell(row: row, column: 0, box: unplaced, text: String(generator.sentence(words: 2).dropLast()).capitalized))
            for journey in 0..<journeys {
                departures[journey] += 3 + Int.random(in: 0..<6, using: &random)
                let time = String(format: "%02d:%02d", departures[journey] / 60, departures[journey] % 60)
                cells.append(TableCell(row: row, column: journey + 1, box: unplaced, text: journey == 0 && row == skipped ? "" : time))
            }
        }
        return RenderedTable(cells: cells, rowCount: rows + 1, columnCount: journeys + 1)
    }

    /// A price list: Product, Size, Price, in sections each under a row whose name spans the table.
    public static func priceList(seed: UInt64, rows: Int) -> RenderedTable {
        var random = SplitMix64(seed: seed)
        var generator = TextGenerator(seed: seed &+ 3)
        let headers = ["Product", "Size", "Price"]
        var cells = headers.enumerated().map { TableCell(row: 0, column: $0, box: unplaced, isHeader: true, text: $1) }
        var row = 1
        for section in 0..<2 {
            cells.append(TableCell(row: row, column: 0, columnSpan: 3, box: unplaced, text: String(generator.sentence(words: 1).dropLast()).capitalized))
            row += 1
            for _ in 0..<max(1, rows / 2 - (section == 0 ? 0 : 1)) {
                cells += [
                    TableCell(row: row, column: 0, box: unplaced, text: String(generator.sentence(words: 2 + Int.random(in: 0..<2, using: &random)).dropLast()).capitalized),
                    TableCell(row: row, column: 1, box: unplaced, text: ["250 ml", "500 ml", "1 l", "100 g", "1 kg", "6 pack"][Int.random(in: 0..<6, using: &random)]),
                    TableCell(row: row, column: 2, box: unplaced, text: money(99 + Int.random(in: 0..<5000, using: &random))),
                ]
                row += 1
            }
        }
        return RenderedTable(cells: cells, rowCount: row, columnCount: headers.count)
    }

    /// Cents as `2,944.10`.
    static func money(_ cents: Int) -> String {
        let units = cents / 100
        let grouped = String(units).reversed().enumerated().map { String($1) + ($0 > 0 && $0 % 3 == 0 ? "," : "") }.reversed().joined()
        return grouped + String(format: ".%02d", cents % 100)
    }

    /// How a table's rows and columns are shown.
    public enum Style: String, CaseIterable, Sendable {
        /// Rules around every cell (none through a cell that spans rows or columns).
        case ruled
        /// White space alone.
        case unruled
        /// Every other body row on a grey band, no rules.
        case striped
    }

    /// The table drawn in `font`, its cells padded, in `style` (rules `ruleWidth` pixels wide, of
    /// grey `ruleLevel`: a browser prints a half-point border of `#777` at 200 dpi as one of 119);
    /// and its truth, each cell's box where its text was drawn (normalised).
    public func render(_ style: Style = .ruled, font: String = "DejaVu Sans 9", padding: Int = 24,
                       margin: Int = 40, ruleWidth: Int = 2, ruleLevel: UInt8 = 0) throws -> (image: Bitmap, truth: Table) {
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
        var image = Bitmap(width: width, height: height, layout: .gray, pixels: [UInt8](repeating: 255, count: width * height),
                           image: "rendered table", resolution: 300)
        switch style {
        case .ruled:
            // Each cell's own border, as a document draws it: no rule runs through a spanning cell.
            let rule = ruleWidth
            for cell in cells {
                let left = lefts[cell.column], right = lefts[cell.column + cell.columnSpan]
                let top = tops[cell.row], bottom = tops[cell.row + cell.rowSpan]
                for x in [left, right] {
                    image = image.darkening(Self.filled(width: rule, height: bottom - top + rule, level: ruleLevel), x: x - rule / 2, y: top - rule / 2)
                }
                for y in [top, bottom] {
                    image = image.darkening(Self.filled(width: right - left + rule, height: rule, level: ruleLevel), x: left - rule / 2, y: y - rule / 2)
                }
            }
        case .striped:
            for row in stride(from: 2, to: rowCount, by: 2) {
                image = image.darkening(Self.filled(width: lefts.last! - margin, height: heights[row], level: 225), x: margin, y: tops[row])
            }
        case .unruled:
            break
        }
        var truth = Table(box: Rect(x: Double(margin) / Double(width), y: Double(margin) / Double(height),
                                    width: Double(lefts.last! - margin) / Double(width), height: Double(tops.last! - margin) / Double(height)),
                          rowCount: rowCount, columnCount: columnCount, cells: cells)
        for (index, (cell, bitmap)) in zip(cells, drawn).enumerated() {
            let left = lefts[cell.column], right = lefts[cell.column + cell.columnSpan]
            let top = tops[cell.row], bottom = tops[cell.row + cell.rowSpan]
            truth.cells[index].box = Rect(x: Double(left) / Double(width), y: Double(top) / Double(height),
                                          width: Double(right - left) / Double(width), height: Double(bottom - top) / Double(height))
            guard let bitmap else { continue }
            // Text at the left of its cell, numbers at the right, both in the middle up and down.
            let isNumber = cell.text.first?.isNumber == true && cell.column > 0
            let x = isNumber ? right - padding - bitmap.width : left + padding
            image = image.darkening(bitmap, x: x, y: top + (bottom - top - bitmap.height) / 2)
        }
        return (image, truth)
    }

    private static func filled(width: Int, height: Int, level: UInt8) -> Bitmap {
        Bitmap(width: width, height: height, layout: .gray, pixels: [UInt8](repeating: level, count: width * height), image: "rule")
    }
}

extension Bitmap {
    /// This grey bitmap with `part` laid over it at `x`, `y`, each pixel the darker of the two: ink
    /// over a grey band stays ink, and the band shows around it.
    func darkening(_ part: Bitmap, x: Int, y: Int) -> Bitmap {
        var pixels = self.pixels
        for row in 0..<part.height where y + row >= 0 && y + row < height {
            for column in 0..<part.width where x + column >= 0 && x + column < width {
                let index = (y + row) * width + x + column
                pixels[index] = Swift.min(pixels[index], part.pixels[row * part.width + column])
            }
        }
        return Bitmap(width: width, height: height, layout: layout, pixels: pixels, image: image, resolution: resolution)
    }
}
