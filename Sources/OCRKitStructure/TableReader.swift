import OCRKit

/// Reads a page's tables: where its ``TableFinder`` finds them, each table's structure from its
/// image by a ``OCRKit/TableStructureModel`` (SLANet, `SLANetModel` in `OCRKitONNX`), and the words the page's engine read put into
/// its cells (``CellFilling``), with the rows and spans the model missed recovered from where the
/// words are (``RowRecovery``, ``SpanRecovery``). The table's lines become one block of the page, a paragraph a
/// cell, where the first of them was in the page's order; the rest of the page keeps its order.
///
/// ```swift
/// let tables = TableReader(model: try SLANetModel(), finder: WholePageTable())
/// let reader = PageReader(decoder: ImageLoader(), engine: engine, structure: tables)
/// let page = try await reader.read(path)   // an image of a table
/// print(page.tables[0].text)   // a row a line, its cells apart
/// ```
public struct TableReader: StructureReader {
    public let model: any TableStructureModel
    public let finder: any TableFinder
    /// How far outside a table's box a word's middle may lie and still be the table's, as a
    /// fraction of the page's side: the finder's boxes are not exact.
    public var margin = Self.standardMargin
    /// How far outside a region's box, found by a model, a word's middle may lie and still be
    /// the region's, unless told otherwise: half a percent of the page's side.
    public static let standardMargin = 0.005

    public init(model: any TableStructureModel, finder: any TableFinder) {
        self.model = model
        self.finder = finder
    }

    public func structure(_ page: Page, image: Bitmap) async throws -> Page {
        let boxes = try await finder.tables(on: page, image: image)
        return Self.placing(try await read(at: boxes, in: image), on: page, margin: margin).page(from: page)
    }

    /// The structure of each table at `boxes` (normalised), those in which the model finds less than
    /// two rows and two columns left out.
    func read(at boxes: [Rect], in image: Bitmap) async throws -> [TableStructure] {
        var read: [TableStructure] = []
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
            // A table of one row or one column is no table: what was taken for one is text.
            guard grid.rowCount >= 2, grid.columnCount >= 2, cellBoxes.count == grid.cells.count else { continue }
            read.append(TableStructure(box: box, grid: grid, cellBoxes: cellBoxes, isRuled: false, runsOn: false))
        }
        return read
    }

    /// `page`'s content with the tables `read` taking the words whose middles lie in their boxes:
    /// each table where its first line was, the rest of the page's blocks around them.
    static func placing(_ read: [TableStructure], on page: Page, margin: Double) -> PageAssembly {
        guard !read.isEmpty else { return PageAssembly(parts: [.init(content: .text(page.layout))]) }
        let areas = read.map { $0.box.insetBy(dx: -margin, dy: -margin) }
        func table(of word: Word) -> Int? { areas.firstIndex { $0.contains(Point(x: word.box.midX, y: word.box.midY)) } }

        // Each line split into what stays outside the tables and what goes to each table.
        var tableLines = [[Line]](repeating: [], count: read.count)
        var order: [Int?] = []   // the parts in order: a run of text (nil) or a table
        var texts: [[[[Line]]]] = [[]]
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
                        if tableLines[index].isEmpty && !order.contains(index) {
                            // The table goes where its first line was: the text read so far
                            // ends its block there.
                            current.append(kept)
                            kept = []
                            texts[texts.count - 1].append(current)
                            current = []
                            order += [nil, index]
                            texts.append([])
                        }
                        tableLines[index].append(Line(words: words))
                    }
                }
                current.append(kept)
            }
            texts[texts.count - 1].append(current)
        }
        order.append(nil)
        // A table none of whose words were read still stands, after the text.
        order += read.indices.filter { !order.contains($0) }

        var assembly = PageAssembly()
        var nextText = 0
        for entry in order {
            guard let index = entry else {
                assembly.parts.append(.init(content: .text(texts[nextText])))
                nextText += 1
                continue
            }
            let (table, cellLines) = Self.table(read[index], lines: tableLines[index])
            assembly.parts.append(.init(content: .table(table, cellLines: cellLines)))
        }
        return assembly
    }

    /// The table `structure` describes, its cells filled with `lines`' words, and each cell's lines.
    static func table(_ structure: TableStructure, lines: [Line]) -> (Table, [[Line]]) {
        let filled = CellFilling(grid: structure.grid, boxes: structure.cellBoxes).placed(lines)
        guard !structure.isRuled else { return table(structure, cells: Self.headed(filled), rowCount: structure.grid.rowCount) }
        let rows = RowRecovery.recovered(filled, rowCount: structure.grid.rowCount)
        return table(structure, cells: SpanRecovery.recovered(rows.cells), rowCount: rows.rowCount)
    }

    private static func table(_ structure: TableStructure, cells: [PlacedCell], rowCount: Int) -> (Table, [[Line]]) {
        let table = Table(box: structure.box, rowCount: rowCount, columnCount: structure.grid.columnCount,
                          cells: cells.map(\.tableCell), runsOn: structure.runsOn)
        return (table, cells.map(\.lines))
    }

    /// `cells`, a ruled table's, with its first row its header, as a ruled table's first row
    /// mostly is: rules do not say which cells head a table. Where the words' fonts are known (a
    /// PDF's text), only when that row is printed bold and some of the rest is not.
    static func headed(_ cells: [PlacedCell]) -> [PlacedCell] {
        let words = { (rows: (Int) -> Bool) in cells.filter { rows($0.cell.row) }.flatMap { $0.lines.flatMap(\.asWords) } }
        let first = words { $0 == 0 }, rest = words { $0 > 0 }
        guard !first.isEmpty else { return cells }
        if first.contains(where: { $0.font != nil }) {
            guard first.allSatisfy({ $0.font?.isBold == true }), rest.contains(where: { $0.font?.isBold != true }) else { return cells }
        }
        return cells.map { cell in
            var cell = cell
            if cell.cell.row == 0 { cell.cell.isHeader = true }
            return cell
        }
    }
}
