import Foundation
import OCRKit
import OCRKitImages

/// A page of a document around its tables, rendered at run time on a sheet of A4's proportions:
/// a title, a paragraph, each table (``RenderedTable``) followed by a paragraph, and a footer
/// with the page's number; and the truth: the tables with their boxes on the page, and the text
/// outside them.
///
/// ```swift
/// let page = try RenderedTablePage(.invoice, style: .striped, seed: 11)
/// print(page.title, page.truths[0].rowCount)   // "Invoice ..." and the invoice's rows
/// ```
public struct RenderedTablePage: Sendable {
    /// The documents a page can be.
    public enum Kind: String, CaseIterable, Sendable {
        case statement, invoice, timetable, priceList = "price-list"
        /// An invoice's lines, then a price list: two tables on a page.
        case invoiceAndPrices = "invoice-and-prices"

        func tables(seed: UInt64) -> [RenderedTable] {
            switch self {
            case .statement: [RenderedTable.statement(seed: seed, rows: 6)]
            case .invoice: [RenderedTable.invoice(seed: seed, rows: 5)]
            case .timetable: [RenderedTable.timetable(seed: seed, rows: 7)]
            case .priceList: [RenderedTable.priceList(seed: seed, rows: 6)]
            case .invoiceAndPrices: [RenderedTable.invoice(seed: seed, rows: 3), RenderedTable.priceList(seed: seed &+ 1, rows: 4)]
            }
        }

        var heading: String {
            switch self {
            case .statement: "Statement of account"
            case .invoice, .invoiceAndPrices: "Invoice"
            case .timetable: "Timetable"
            case .priceList: "Price list"
            }
        }
    }

    public var kind: Kind
    public var style: RenderedTable.Style
    public var image: Bitmap
    /// The tables in order, their boxes and their cells' boxes on the page.
    public var truths: [Table]
    public var title: String
    /// The paragraphs: the first above the first table, one below each table.
    public var paragraphs: [String]
    public var footer: String

    public init(_ kind: Kind, style: RenderedTable.Style, seed: UInt64) throws {
        var generator = TextGenerator(seed: seed &* 31 &+ 7)
        self.kind = kind
        self.style = style
        let tables = try kind.tables(seed: seed).map { try $0.render(style) }
        title = "\(kind.heading) " + String(generator.sentence(words: 2).dropLast()).capitalized
        paragraphs = [(0..<3).map { _ in generator.sentence(words: 9) }.joined(separator: " ")]
            + tables.map { _ in (0..<2).map { _ in generator.sentence(words: 8) }.joined(separator: " ") }
        footer = "Page \(1 + seed % 9)"
        let margin = 120, width = max(2000, (tables.map(\.image.width).max() ?? 0) + 2 * margin)
        let heading = try TextRenderer.render(title, font: "DejaVu Sans Bold 16", margin: 0)
        let texts = try paragraphs.map { try TextRenderer.render($0, font: "DejaVu Serif 10", margin: 0, wrapWidth: width - 2 * margin) }
        let foot = try TextRenderer.render(footer, font: "DejaVu Sans 8", margin: 0)
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = [(heading, margin, margin)]
        var top = margin + heading.height + 70
        parts.append((texts[0], margin, top))
        top += texts[0].height + 60
        var places: [(left: Int, top: Int)] = []
        for (index, table) in tables.enumerated() {
            // A table's image has a margin of 40 of its own.
            places.append((margin - 40, top))
            parts.append((table.image, margin - 40, top))
            top += table.image.height + 60
            parts.append((texts[index + 1], margin, top))
            top += texts[index + 1].height + 100
        }
        // A4's proportions, upright, as documents are printed, the footer at the foot.
        let height = max(top + foot.height + margin + 60, Int(Double(width) * 1.414))
        parts.append((foot, (width - foot.width) / 2, height - margin - foot.height))
        var page = Bitmap.page(width: width, height: height, placing: parts)
        page.image = "rendered \(kind.rawValue)"
        image = page
        truths = zip(tables, places).map { table, place in
            // The table's boxes from its own image to the page.
            func placed(_ box: Rect) -> Rect {
                Rect(x: (Double(place.left) + box.minX * Double(table.image.width)) / Double(width),
                     y: (Double(place.top) + box.minY * Double(table.image.height)) / Double(height),
                     width: box.width * Double(table.image.width) / Double(width),
                     height: box.height * Double(table.image.height) / Double(height))
            }
            var onPage = table.truth
            onPage.box = placed(onPage.box)
            for index in onPage.cells.indices { onPage.cells[index].box = placed(onPage.cells[index].box) }
            return onPage
        }
    }
}
