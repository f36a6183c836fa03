import OCRKit

/// A page's content in reading order, as the structure readers rebuild it: runs of text blocks,
/// tables with the lines of each cell, regions around either. ``page(from:)`` makes it the
/// page's blocks, paragraphs, regions and tables, every index between them worked out in one
/// place.
struct PageAssembly {
    /// What a region is and where, for a part that is one.
    struct RegionInfo {
        var kind: Region.Kind
        var box: Rect
        var confidence: Double
    }

    enum Content {
        /// Blocks of paragraphs of lines.
        case text([[[Line]]])
        /// A table, and each cell's lines in the order of its cells.
        case table(Table, cellLines: [[Line]])
    }

    struct Part {
        var content: Content
        /// The region the part is, if the page's regions were found.
        var region: RegionInfo?
    }

    var parts: [Part] = []

    /// `page` laid out as the parts say, its other properties kept.
    func page(from page: Page) -> Page {
        var layout: [[[Line]]] = []
        var regions: [Region] = []
        var tables: [Table] = []
        var paragraphCount = 0
        for part in parts {
            let firstBlock = layout.count
            switch part.content {
            case .text(let blocks):
                for block in blocks.map({ $0.filter { !$0.isEmpty } }) where !block.isEmpty {
                    layout.append(block)
                    paragraphCount += block.count
                }
            case .table(var table, let cellLines):
                let paragraphs = cellLines.filter { !$0.isEmpty }
                table.block = paragraphs.isEmpty ? nil : layout.count
                var next = paragraphCount
                for (cell, lines) in cellLines.enumerated() {
                    table.cells[cell].paragraph = lines.isEmpty ? nil : next
                    if !lines.isEmpty { next += 1 }
                }
                if !paragraphs.isEmpty {
                    layout.append(paragraphs)
                    paragraphCount += paragraphs.count
                }
                tables.append(table)
            }
            if let region = part.region {
                regions.append(Region(kind: region.kind, box: region.box, blocks: firstBlock..<layout.count, confidence: region.confidence))
            }
        }
        var assembled = page.replacingLayout(layout)
        assembled.regions = regions
        assembled.tables = tables
        return assembled
    }
}
