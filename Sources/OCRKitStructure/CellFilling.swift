import OCRKit
import OCRKitLayout

/// Puts the words a page's engine read into a table's cells, by where they are: the text of a
/// table comes from the page's own reading, not from a second reading of the table.
///
/// The model's boxes for the cells are rough, so a word is not placed by the box it overlaps
/// most. The grid's rows and columns are placed first, each from the boxes of the cells in it
/// (the median of their edges), and a word goes to the row and the column its middle falls in,
/// or lies nearest: to the cell covering that place. A cell's words that come from one line of
/// the page stay one line; a cell's lines read top to bottom.
struct CellFilling {
    /// Each row's and each column's extent, normalised like the page's boxes.
    let rows: [ClosedRange<Double>]
    let columns: [ClosedRange<Double>]
    let grid: TableGrid
    /// The cells' boxes, in the order of `grid.cells`, normalised like the page's boxes.
    let boxes: [Rect]

    init(grid: TableGrid, boxes: [Rect]) {
        self.grid = grid
        self.boxes = boxes
        rows = Self.bands(count: grid.rowCount, boxes: boxes, cells: grid.cells) { cell, box in
            (cell.row, cell.rowSpan, box.minY, box.maxY)
        }
        columns = Self.bands(count: grid.columnCount, boxes: boxes, cells: grid.cells) { cell, box in
            (cell.column, cell.columnSpan, box.minX, box.maxX)
        }
    }

    /// The extent of each of `count` bands along one axis: the medians of the edges of the cells
    /// that lie in it alone; failing those, of its share of the cells spanning it; failing any,
    /// between its neighbours.
    private static func bands(count: Int, boxes: [Rect], cells: [TableGrid.Cell],
                              place: (TableGrid.Cell, Rect) -> (first: Int, span: Int, start: Double, end: Double))
        -> [ClosedRange<Double>] {
        var single = [[(Double, Double)]](repeating: [], count: count)
        var shared = [[(Double, Double)]](repeating: [], count: count)
        for (cell, box) in zip(cells, boxes) {
            let (first, span, start, end) = place(cell, box)
            guard span > 1 else {
                if first < count { single[first].append((start, end)) }
                continue
            }
            let share = (end - start) / Double(span)
            for offset in 0..<span where first + offset < count {
                shared[first + offset].append((start + share * Double(offset), start + share * Double(offset + 1)))
            }
        }
        var bands: [ClosedRange<Double>?] = (0..<count).map { index in
            let edges = single[index].isEmpty ? shared[index] : single[index]
            guard let start = edges.map(\.0).median, let end = edges.map(\.1).median else { return nil }
            return min(start, end)...max(start, end)
        }
        // A band with no cell of its own lies between its neighbours.
        for index in bands.indices where bands[index] == nil {
            let before = bands[..<index].last { $0 != nil }??.upperBound ?? 0
            let after = bands[(index + 1)...].first { $0 != nil }??.lowerBound ?? 1
            bands[index] = min(before, after)...max(before, after)
        }
        return bands.map { $0! }
    }

    /// The band `value` falls in, or lies nearest.
    private static func band(of value: Double, in bands: [ClosedRange<Double>]) -> Int {
        if let inside = bands.firstIndex(where: { $0.contains(value) }) { return inside }
        return bands.indices.min { distance(value, bands[$0]) < distance(value, bands[$1]) } ?? 0
    }

    private static func distance(_ value: Double, _ band: ClosedRange<Double>) -> Double {
        value < band.lowerBound ? band.lowerBound - value : value - band.upperBound
    }

    /// The index in `grid.cells` of the cell `word` belongs to; `nil` for a table without cells.
    func cell(of box: Rect) -> Int? {
        guard !rows.isEmpty, !columns.isEmpty else { return nil }
        let row = Self.band(of: box.midY, in: rows), column = Self.band(of: box.midX, in: columns)
        if let covering = grid.cells.firstIndex(where: { $0.rowSpan + $0.row > row && $0.row <= row
                                                        && $0.column + $0.columnSpan > column && $0.column <= column }) {
            return covering
        }
        // A place no cell covers (a row the model left short): the nearest cell in the row, else anywhere.
        return grid.cells.indices.min { first, second in
            placeDistance(grid.cells[first], row: row, column: column) < placeDistance(grid.cells[second], row: row, column: column)
        }
    }

    /// How far `cell` lies from a place, in rows and then columns: a cell in the place's row comes
    /// before any in another row.
    private func placeDistance(_ cell: TableGrid.Cell, row: Int, column: Int) -> (rows: Int, columns: Int) {
        let rowGap = row < cell.row ? cell.row - row : max(0, row - (cell.row + cell.rowSpan - 1))
        let columnGap = column < cell.column ? cell.column - column : max(0, column - (cell.column + cell.columnSpan - 1))
        return (rowGap, columnGap)
    }

    /// The grid's cells placed on the page, in the order of `grid.cells`, each with its box and
    /// its lines: each line's runs of words placed
    /// as ``cell(of:)`` says, those of one line in one cell making one line, top to bottom.
    func placed(_ lines: [Line]) -> [PlacedCell] {
        var cells = [[Line]](repeating: [], count: grid.cells.count)
        for line in lines {
            var pieces: [Int: [Word]] = [:]
            var order: [Int] = []
            for run in Self.runs(of: line) {
                guard let cell = cell(of: run.dropFirst().reduce(run[0].box) { $0.union($1.box) }) else { continue }
                if pieces[cell] == nil { order.append(cell) }
                pieces[cell, default: []] += run
            }
            for cell in order { cells[cell].append(Line(words: pieces[cell]!)) }
        }
        return zip(grid.cells, zip(boxes, cells)).map { cell, placed in
            PlacedCell(cell: cell, box: placed.0, lines: placed.1.sorted { $0.box.midY < $1.box.midY })
        }
    }

    /// A line's words in runs, split where two words stand a cell apart
    /// (``OCRKitLayout/Rows/areCellsApart(_:_:)``): a detector may read two cells side by side
    /// as one line, but the words of one cell are a space apart, and a run is placed whole, by
    /// its middle, so that a long cell's last word reaching past its column's usual edge stays in it.
    static func runs(of line: Line) -> [[Word]] {
        // In pixels (the quads'), where widths and heights compare.
        Rows.runs(of: line.asWords.filter { !$0.isTableRule }, box: \.quad.boundingRect)
    }
}

extension Word {
    /// Whether the word is a table's rule that an engine read as text (Tesseract reads a ruled
    /// table's vertical lines as "|"): no cell's word, and it would join two cells' words.
    var isTableRule: Bool { text.allSatisfy { "|│┃¦".contains($0) } }
}

extension Line {
    /// The line's words; for a line read without words, the whole line as one word.
    var asWords: [Word] {
        words.isEmpty ? [Word(text: text, confidence: confidence, box: box, quad: quad)] : words
    }

    /// A line of `words` (at least one), left to right.
    init(words: [Word]) {
        self.init(joining: words.map { Line(text: $0.text, confidence: $0.confidence, box: $0.box, quad: $0.quad, words: [$0]) })
    }
}
