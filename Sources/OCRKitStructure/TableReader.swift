import OCRKit
import OCRKitONNX

/// Reads a page's tables: where its ``TableFinder`` finds them, each table's structure from its
/// image by SLANet (``OCRKitONNX/SLANetModel``), and the words the page's engine read put into
/// its cells (``CellFilling``). The table's lines become one block of the page, a paragraph a
/// cell, where the first of them was in the page's order; the rest of the page keeps its order.
///
/// ```swift
/// let tables = TableReader(model: try SLANetModel(), finder: WholePageTable())
/// let reader = PageReader(decoder: ImageLoader(), engine: engine, structure: tables)
/// let page = try await reader.read(path)   // an image of a table
/// print(page.tables[0].text)   // a row a line, its cells apart
/// ```
public struct TableReader: StructureReader {
    public let model: SLANetModel
    public let finder: any TableFinder
    /// How far outside a table's box a word's middle may lie and still be the table's, as a
    /// fraction of the page's side: the finder's boxes are not exact.
    public var margin = 0.005

    public init(model: SLANetModel, finder: any TableFinder) {
        self.model = model
        self.finder = finder
    }

    public func structure(_ page: Page, image: Bitmap) async throws -> Page {
        let boxes = try await finder.tables(on: page, image: image)
        var read: [(box: Rect, grid: TableGrid, cellBoxes: [Rect])] = []
        for box in boxes {
            let pixels = box.scaled(width: Double(image.width), height: Double(image.height))
            guard let crop = image.pixelBounds(of: pixels), let table = image.cropped(to: crop) else { continue }
            let prediction = try await model.structure(of: table)
            let grid = TableGrid(tokens: prediction.tokens, probabilities: prediction.probabilities)
            // The cells' boxes, from the crop's pixels to the page's normalised units.
            let cellBoxes = prediction.cellBoxes.map { cell in
                Rect(x: (crop.minX + cell.minX) / Double(image.width), y: (crop.minY + cell.minY) / Double(image.height),
                     width: cell.width / Double(image.width), height: cell.height / Double(image.height))
            }
            guard !grid.cells.isEmpty, cellBoxes.count == grid.cells.count else { continue }
            read.append((box, grid, cellBoxes))
        }
        return Self.placing(read, on: page, margin: margin)
    }

    /// `page` with the tables `read` taking the words whose middles lie in their boxes.
    static func placing(_ read: [(box: Rect, grid: TableGrid, cellBoxes: [Rect])], on page: Page, margin: Double) -> Page {
        guard !read.isEmpty else { return page }
        let areas = read.map { $0.box.insetBy(dx: -margin, dy: -margin) }
        func table(of word: Word) -> Int? { areas.firstIndex { $0.contains(Point(x: word.box.midX, y: word.box.midY)) } }

        // Each line split into what stays outside the tables and what goes to each table.
        var tableLines = [[Line]](repeating: [], count: read.count)
        var layout: [[[Line]]] = []
        var tableBlocks: [Int: Int] = [:]   // a table's index in `read`: its block's in `layout`
        for block in page.layout {
            var current: [[Line]] = []
            for paragraph in block {
                var kept: [Line] = []
                for line in paragraph {
                    var outside: [Word] = []
                    var inside: [Int: [Word]] = [:]
                    for word in line.asWords {
                        if let index = table(of: word) { inside[index, default: []].append(word) } else { outside.append(word) }
                    }
                    if inside.isEmpty {
                        kept.append(line)
                        continue
                    }
                    if !outside.isEmpty { kept.append(Line(words: outside)) }
                    for (index, words) in inside.sorted(by: { $0.key < $1.key }) {
                        tableLines[index].append(Line(words: words))
                        guard tableBlocks[index] == nil else { continue }
                        // The table's block goes where its first line was: the text read so far
                        // ends its block there.
                        current.append(kept)
                        kept = []
                        layout.append(current)
                        current = []
                        tableBlocks[index] = layout.count
                        layout.append([])
                    }
                }
                current.append(kept)
            }
            layout.append(current)
        }

        var tables: [Table] = []
        var cellsOfBlock: [Int: [[Line]]] = [:]
        for (index, table) in read.enumerated() {
            let filling = CellFilling(grid: table.grid, boxes: table.cellBoxes)
            let cellLines = filling.fill(tableLines[index])
            let cells = zip(table.grid.cells, zip(table.cellBoxes, cellLines)).map { cell, placed in
                TableCell(row: cell.row, column: cell.column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan,
                          box: placed.0, isHeader: cell.isHeader, text: placed.1.map(\.text).joined(separator: "\n"),
                          confidence: cell.confidence)
            }
            tables.append(Table(box: table.box, rowCount: table.grid.rowCount, columnCount: table.grid.columnCount, cells: cells))
            if let block = tableBlocks[index] {
                layout[block] = cellLines.filter { !$0.isEmpty }
                cellsOfBlock[block] = cellLines
            }
        }

        // Blocks and paragraphs left empty are dropped, so each kept one's index is counted here.
        let kept = layout.map { $0.filter { !$0.isEmpty } }
        var arranged = page.replacingLayout(kept)
        var blockIndex = 0, paragraphIndex = 0
        for (index, block) in kept.enumerated() where !block.isEmpty {
            if let table = tableBlocks.first(where: { $0.value == index })?.key, let cellLines = cellsOfBlock[index] {
                tables[table].block = blockIndex
                var paragraph = paragraphIndex
                for (cell, lines) in cellLines.enumerated() where !lines.isEmpty {
                    tables[table].cells[cell].paragraph = paragraph
                    paragraph += 1
                }
            }
            blockIndex += 1
            paragraphIndex += block.count
        }
        arranged.tables = tables
        return arranged
    }
}
