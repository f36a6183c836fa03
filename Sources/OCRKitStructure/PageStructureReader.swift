import Foundation
import OCRKit
import OCRKitLayout

/// Reads a whole page's structure: its regions by a ``OCRKit/LayoutModel`` (PP-PicoDet, `PicoDetLayoutModel` in `OCRKitONNX`)
/// and what each is (title, text, table, figure, caption, header, footer, page number, formula),
/// each table cell by cell (``TableReader``), the regions in reading order and the reading order
/// and paragraphs of each region's own lines (``OCRKitLayout/LayoutAnalyzer``).
///
/// Each line read from the image has its type measured (``OCRKit/Line/measuredType``).
/// Lines in no region the model found make regions of text of their own (their confidence 0).
/// A header, footer or line of text at the page's top or bottom edge that says only its number
/// is a page number.
///
/// ```swift
/// let structure = PageStructureReader(layoutModel: try PicoDetLayoutModel(), tableModel: try SLANetModel())
/// let reader = PageReader(decoder: ImageLoader(), engine: engine, structure: structure)
/// let page = try await reader.read(path)   // a statement: a title, a paragraph, a table
/// print(page.regions.map(\.kind))          // [title, text, table, ...]
/// ```
public struct PageStructureReader: StructureReader {
    public let layoutModel: any LayoutModel
    public let tableModel: any TableStructureModel
    /// How far outside a region's box a word's middle may lie and still be the region's, as a
    /// fraction of the page's side.
    public var margin = TableReader.standardMargin

    public init(layoutModel: any LayoutModel, tableModel: any TableStructureModel) {
        self.layoutModel = layoutModel
        self.tableModel = tableModel
    }

    public func structure(_ page: Page, image: Bitmap) async throws -> Page {
        var found = FoundRegion.resolved(FoundRegion.regions(from: try await layoutModel.regions(in: image), width: image.width,
                                                             height: image.height).map { corrected($0, on: page) })
        // Ruled tables are read from their rules, in place of the model's tables they overlap:
        // rules say rows and cells of several lines exactly.
        let ruled = RuledTables.tables(in: image)
        found.removeAll { region in
            // A model's table half of which, or half of the grid, lies in the other.
            region.kind == .table && ruled.contains { max(region.box.share(inside: $0.box), $0.box.share(inside: region.box)) >= 0.5 }
        }
        found += ruled.map { FoundRegion(kind: .table, box: $0.box, confidence: 1) }
        let tableReader = TableReader(model: tableModel, finder: WholePageTable())
        let modelled = found.filter { region in region.kind == .table && !ruled.contains { $0.box == region.box } }
        let structures = try await tableReader.read(at: modelled.map(\.box), in: image) + ruled
        let placed = TableReader.placing(structures, on: page, margin: margin)

        // The parts of the page: each table read, and every other line.
        var parts: [(region: PageAssembly.RegionInfo, content: PageAssembly.Content?, lines: [Line])] = []
        var rest: [Line] = []
        for part in placed.parts {
            switch part.content {
            case .table(let table, _):
                let confidence = found.first { $0.kind == .table && $0.box == table.box }?.confidence ?? 0
                parts.append((.init(kind: .table, box: table.box, confidence: confidence), part.content, []))
            case .text(let blocks):
                rest += blocks.flatMap { $0.flatMap { $0 } }
            }
        }
        // The other regions the model found: a table whose structure could not be read is text.
        // A region of text holding a table or a figure (the model gives one over a whole page of
        // text and tables at times) is none: its lines, in no region, make blocks of their own
        // about the table, where reading order can put it between them.
        let others = found.filter { region in
            (region.kind != .table || !structures.contains { $0.box == region.box }) && !Self.holdsTableOrFigure(region, among: found)
        }
        var members = [[Line]](repeating: [], count: others.count)
        var outside: [Line] = []
        for line in rest {
            let middle = Point(x: line.box.midX, y: line.box.midY)
            let holders = others.indices.filter { others[$0].box.insetBy(dx: -margin, dy: -margin).contains(middle) }
            guard let smallest = holders.min(by: { others[$0].box.area < others[$1].box.area }) else {
                outside.append(line)
                continue
            }
            members[smallest].append(line)
        }
        for (region, lines) in zip(others, members) where !lines.isEmpty || region.kind == .figure {
            let kind = region.kind == .table ? Region.Kind.text : region.kind
            parts.append((.init(kind: kind, box: region.box, confidence: region.confidence), nil, lines))
        }
        // Lines in no region: each block of them is a region of text. They are first parted as
        // the layout analysis of all the page's text parts them: a column's few lines outside
        // the model's regions, too few to show a gutter, stay apart from the next column's.
        if !outside.isEmpty {
            let pageBlocks = arrange(rest, like: page).blocks.map(\.box)
            let byPageBlock = Dictionary(grouping: outside) { line in
                pageBlocks.firstIndex { $0.contains(Point(x: line.box.midX, y: line.box.midY)) } ?? pageBlocks.count
            }
            for (_, lines) in byPageBlock.sorted(by: { $0.key < $1.key }) {
                let arranged = arrange(lines, like: page)
                for block in arranged.blocks {
                    let lines = Array(block.paragraphs.flatMap { arranged.paragraphs[$0].lines.map { arranged.lines[$0] } })
                    parts.append((.init(kind: .text, box: block.box, confidence: 0), nil, lines))
                }
            }
        }

        var assembly = PageAssembly()
        for index in Self.readingOrder(parts.map(\.region.box), words: parts.map { $0.lines.count + 1 }, page: page) {
            var (region, content, lines) = parts[index]
            if Self.isPageNumber(region, text: lines.map(\.text).joined(separator: " ")) { region.kind = .pageNumber }
            assembly.parts.append(.init(content: content ?? .text(lines.isEmpty ? [] : arrange(lines, like: page).layout), region: region))
        }
        var structured = assembly.page(from: page)
        // Bullets told by their shape: a text layer holds none a browser drew; a recogniser
        // misreads a scan's. Marked once the tables are read: a list in a cell is no table's text.
        structured = DrawnBullets.marked(structured, image: image)
        // A scan's type, measured, is what a PDF's fonts are to its own text: what tells headings.
        if !structured.holdsEmbeddedText {
            for (index, type) in image.measuredTypes(of: structured.lines).enumerated() { structured.lines[index].measuredType = type }
        }
        return structured
    }

    /// `region` with its kind corrected by what its lines say: text, a formula or a figure whose
    /// words stand in rows of cells is a table (``TableLikeness``), whose structure SLANet then
    /// reads or refuses; a figure full of lines is text (the model calls photos of receipts and
    /// pages figures); a header whose text is taller than most of the page's (a tenth, a
    /// detector's boxes being padded) is its title.
    func corrected(_ region: FoundRegion, on page: Page) -> FoundRegion {
        var region = region
        let area = region.box.insetBy(dx: -margin, dy: -margin)
        let lines = page.lines.filter { area.contains(Point(x: $0.box.midX, y: $0.box.midY)) }
        if [.text, .formula, .figure].contains(region.kind), TableLikeness.looksLikeTable(lines) {
            region.kind = .table
        } else if region.kind == .figure, Self.isFullOfText(region.box, lines: lines) {
            region.kind = .text
        } else if region.kind == .header {
            let height = { (lines: [Line]) in lines.map { $0.quad.boundingRect.height }.median ?? 0 }
            if height(lines) > Self.titleHeight * height(page.lines) { region.kind = .title }
        }
        return region
    }

    /// Whether `lines` cover so much of `box` that it is text, not a picture with labels: a
    /// chart's labels and a photo's caption cover a few hundredths of it; a receipt's lines
    /// cover a fifth or more.
    static func isFullOfText(_ box: Rect, lines: [Line]) -> Bool {
        guard lines.count >= minimumTextLines, box.area > 0 else { return false }
        return lines.map(\.box.area).reduce(0, +) / box.area >= textShare
    }

    /// How much taller than the page's usual line a header's text stands to be its title.
    static let titleHeight = 1.1

    /// The least share of a figure its lines cover for it to be text, and the fewest lines.
    static let textShare = 0.15
    static let minimumTextLines = 4

    /// `lines` in OCRKit's reading order, blocks of paragraphs, as a page of their own.
    private func arrange(_ lines: [Line], like page: Page) -> Page {
        LayoutAnalyzer().arrange(Page(image: page.image, width: page.width, height: page.height, engine: page.engine, lines: lines))
    }

    /// The regions' order: recursive XY-cut over their boxes, in the page's pixels.
    static func readingOrder(_ boxes: [Rect], words: [Int], page: Page) -> [Int] {
        let rects = boxes.map { $0.scaled(width: Double(page.width), height: Double(page.height)) }
        let lineHeight = page.lines.map { $0.quad.boundingRect.height }.median ?? 1
        return RegionOrder(lineHeight: lineHeight).order(rects, words: words)
    }

    /// Whether `region`, of text, holds a table or a figure of `found` (most of its box).
    static func holdsTableOrFigure(_ region: FoundRegion, among found: [FoundRegion]) -> Bool {
        [.text, .list, .code].contains(region.kind) && found.contains { other in
            [.table, .figure].contains(other.kind) && other.box != region.box && other.box.share(inside: region.box) >= heldShare
        }
    }

    /// The share of a table's or figure's box inside a region of text for the region to hold it.
    static let heldShare = 0.9

    /// The share of the page's height at its top and at its bottom where a line of text saying
    /// only a number is the page's number.
    static let edge = 0.1

    /// Whether `region`, a header, a footer, or text at the top or bottom ``edge`` of the page, says
    /// only a page's number: `7`, `- 7 -`, `Page 7`, `7 / 12`, `Page 7 of 12`.
    static func isPageNumber(_ region: PageAssembly.RegionInfo, text: String) -> Bool {
        let atEdge = region.box.maxY < edge || region.box.minY > 1 - edge
        guard region.kind == .header || region.kind == .footer || (region.kind == .text && atEdge) else { return false }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.wholeMatch(of: /[-–— ]*(page |p\. ?)?\d{1,4}( ?(\/|of) ?\d{1,4})?[-–— ]*/) != nil
    }
}
