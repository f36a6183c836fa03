import OCRKit

/// Tables drawn with rules, read from the lines on a page's image, as pdfplumber reads them from
/// a PDF's drawn lines: a set of long horizontal and vertical rules that touch is a table's
/// grid, its cells the spaces the rules enclose, a cell whose rule is missing spanning its
/// neighbour. The rules say a table's rows and columns exactly, where the table model guesses
/// them from the look of the text: a cell of several lines, or a list in a cell, is one cell,
/// not rows. Grey rules on a worn scan are found as well as a born-digital page's sharp ones.
///
/// ```swift
/// let tables = RuledTables.tables(in: pageImage)   // boxes normalised, like a page's
/// print(tables[0].grid.rowCount, tables[0].grid.columnCount)
/// ```
public enum RuledTables {
    /// A horizontal rule is a run of dark pixels this share of the image's width or longer.
    static let horizontalLength = 0.05
    /// A vertical rule is a run this share of the image's height or longer: taller than any
    /// letter's stem, shorter than two rows of a table.
    static let verticalLength = 0.025
    /// A pixel this much darker than the paper (the image's usual pixel) or more is ink: a thin
    /// grey rule, scanned at 200 dpi, stands some 40 to 90 below the paper, the grain of a worn
    /// scan's paper under 20.
    static let inkBelowPaper = 35
    /// Three pixels across a run (the pixel and its neighbours either side of the rule) this much
    /// darker than the paper on average are ink too: a hairline rule blurred over three rows of a
    /// worn scan, its pixels 20 either side of 40 below the paper, is half lost pixel by pixel,
    /// while the grain, under 20, never averages this dark.
    static let inkAcrossBelowPaper = 20
    /// A run of ink goes on over this many paler pixels: the grain of a worn scan lightens a grey
    /// rule's pixels here and there. A word's letters may join into a run, but runs of letters
    /// alone, with no long vertical rule, make no grid.
    static let gap = 2
    /// Vertical rules that run on this many pixels or more past the last horizontal one: the
    /// table goes on there, a page break having cut its last row, whose bottom rule is not drawn.
    static let openEnd = 4
    /// A rule between two cells is there when it runs along this share of their side or more.
    static let ruleCover = 0.5

    /// The ruled tables on `image`, top to bottom: grids of at least two rows and two columns, or
    /// one column of three rows or more (a box around a note or a code block is no table).
    public static func tables(in image: Bitmap) -> [TableStructure] {
        let rules = RuleMap(image)
        return rules.grids().map { rules.table(between: $0.rows, and: $0.columns, runsOn: $0.runsOn) }.filter { table in
            (table.grid.rowCount >= 2 && table.grid.columnCount >= 2) || (table.grid.columnCount == 1 && table.grid.rowCount >= 3)
        }.sorted { $0.box.minY < $1.box.minY }
    }
}

/// Which pixels of an image lie on a long horizontal or vertical run of ink.
private struct RuleMap {
    static let horizontal: UInt8 = 1, vertical: UInt8 = 2
    let width: Int, height: Int
    /// A pixel's bits: ``horizontal``, ``vertical``, both or neither.
    var bits: [UInt8]

    init(_ image: Bitmap) {
        width = image.width
        height = image.height
        bits = [UInt8](repeating: 0, count: width * height)
        guard width > 0, height > 0 else { return }
        let pixels = image.pixels, channels = image.layout.channels
        let (width, height) = (width, height)
        let paper = image.paperShade
        let ink = paper - RuledTables.inkBelowPaper, inkAcross = 3 * (paper - RuledTables.inkAcrossBelowPaper)
        /// Marks with `bit` each pixel of a run of ink `shortest` or longer along each of `lines`
        /// lines of `length` pixels, `index(line, position)` a pixel's place in the image.
        func markRuns(lines: Int, length: Int, shortest: Int, bit: UInt8, index: (Int, Int) -> Int) {
            for line in 0..<lines {
                let before = max(0, line - 1), after = min(lines - 1, line + 1)
                func isInk(_ position: Int) -> Bool {
                    let pixel = Int(pixels[index(line, position) * channels])
                    return pixel < ink || pixel + Int(pixels[index(before, position) * channels])
                        + Int(pixels[index(after, position) * channels]) < inkAcross
                }
                var position = 0
                while position < length {
                    guard isInk(position) else { position += 1; continue }
                    // The run's end: past its last pixel of ink before more than `gap` that are not.
                    var end = position + 1, probe = position + 1
                    while probe < length, probe - end <= RuledTables.gap {
                        if isInk(probe) { end = probe + 1 }
                        probe += 1
                    }
                    if end - position >= shortest { for run in position..<end { bits[index(line, run)] |= bit } }
                    position = end
                }
            }
        }
        markRuns(lines: height, length: width, shortest: max(20, Int(RuledTables.horizontalLength * Double(width))),
                 bit: Self.horizontal) { $0 * width + $1 }
        markRuns(lines: width, length: height, shortest: max(10, Int(RuledTables.verticalLength * Double(height))),
                 bit: Self.vertical) { $1 * width + $0 }
    }

    /// Each set of rules that touch, with at least two each way: the rows' rules (their pixel
    /// rows) and the columns' (their pixel columns), in order. Where the vertical rules run on
    /// past the last horizontal one, their ends close the grid, which runs on.
    func grids() -> [(rows: [ClosedRange<Int>], columns: [ClosedRange<Int>], runsOn: Bool)] {
        var seen = [Bool](repeating: false, count: width * height)
        var grids: [(rows: [ClosedRange<Int>], columns: [ClosedRange<Int>], runsOn: Bool)] = []
        for start in bits.indices where bits[start] != 0 && !seen[start] {
            var stack = [start], rows = Set<Int>(), columns = Set<Int>(), lowestVertical = 0
            seen[start] = true
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                if bits[index] & Self.horizontal != 0 { rows.insert(y) }
                if bits[index] & Self.vertical != 0 {
                    columns.insert(x)
                    lowestVertical = max(lowestVertical, y)
                }
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let next = ny * width + nx
                        if bits[next] != 0 && !seen[next] { seen[next] = true; stack.append(next) }
                    }
                }
            }
            var rowRules = Self.runs(rows)
            let columnRules = Self.runs(columns)
            let runsOn = rowRules.last.map { lowestVertical - $0.upperBound >= RuledTables.openEnd } ?? false
            if runsOn { rowRules.append(lowestVertical...lowestVertical) }
            if rowRules.count >= 2 && columnRules.count >= 2 { grids.append((rowRules, columnRules, runsOn)) }
        }
        return grids
    }

    /// The runs of consecutive numbers in `positions`: a rule two pixels thick is one.
    private static func runs(_ positions: Set<Int>) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for position in positions.sorted() {
            if let last = runs.last, position - last.upperBound <= 2 {
                runs[runs.count - 1] = last.lowerBound...position
            } else {
                runs.append(position...position)
            }
        }
        return runs
    }

    /// Whether a rule at `rule` (pixel rows, or columns for a vertical one) runs along `span`
    /// (columns, or rows) for ``RuledTables/ruleCover`` of it or more.
    private func isRuled(at rule: ClosedRange<Int>, along span: ClosedRange<Int>, vertical: Bool) -> Bool {
        guard !span.isEmpty else { return true }
        let across = max(0, rule.lowerBound - 1)...min((vertical ? width : height) - 1, rule.upperBound + 1)
        let bit = vertical ? Self.vertical : Self.horizontal
        let covered = span.filter { along in
            across.contains { at in bits[vertical ? along * width + at : at * width + along] & bit != 0 }
        }.count
        return Double(covered) >= RuledTables.ruleCover * Double(span.count)
    }

    /// The table whose rows lie between `rows`' rules and columns between `columns`'; a cell whose
    /// right or lower rule is missing spans its neighbour.
    func table(between rows: [ClosedRange<Int>], and columns: [ClosedRange<Int>], runsOn: Bool) -> TableStructure {
        /// The spaces between consecutive rules, in pixels (a space of no pixel as one).
        func spaces(_ rules: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
            zip(rules, rules.dropFirst()).map { ($0.upperBound + 1)...max($0.upperBound + 1, $1.lowerBound - 1) }
        }
        let rowSpaces = spaces(rows), columnSpaces = spaces(columns)
        func isOpenRight(row: Int, column: Int) -> Bool { !isRuled(at: columns[column + 1], along: rowSpaces[row], vertical: true) }
        func isOpenBelow(row: Int, column: Int) -> Bool { !isRuled(at: rows[row + 1], along: columnSpaces[column], vertical: false) }

        var taken = [[Bool]](repeating: [Bool](repeating: false, count: columnSpaces.count), count: rowSpaces.count)
        var cells: [TableGrid.Cell] = [], boxes: [Rect] = []
        for row in rowSpaces.indices {
            for column in columnSpaces.indices where !taken[row][column] {
                var columnSpan = 1, rowSpan = 1
                while column + columnSpan < columnSpaces.count, !taken[row][column + columnSpan],
                      isOpenRight(row: row, column: column + columnSpan - 1) { columnSpan += 1 }
                while row + rowSpan < rowSpaces.count,
                      (column..<(column + columnSpan)).allSatisfy({ !taken[row + rowSpan][$0] && isOpenBelow(row: row + rowSpan - 1, column: $0) }) {
                    rowSpan += 1
                }
                for r in row..<(row + rowSpan) { for c in column..<(column + columnSpan) { taken[r][c] = true } }
                cells.append(TableGrid.Cell(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan,
                                            isHeader: false, confidence: 1))
                boxes.append(normalised(x: columnSpaces[column].lowerBound...columnSpaces[column + columnSpan - 1].upperBound,
                                        y: rowSpaces[row].lowerBound...rowSpaces[row + rowSpan - 1].upperBound))
            }
        }
        let grid = TableGrid(rowCount: rowSpaces.count, columnCount: columnSpaces.count, cells: cells)
        let box = normalised(x: columns.first!.lowerBound...columns.last!.upperBound, y: rows.first!.lowerBound...rows.last!.upperBound)
        return TableStructure(box: box, grid: grid, cellBoxes: boxes, isRuled: true, runsOn: runsOn)
    }

    private func normalised(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Rect {
        Rect(x: Double(x.lowerBound) / Double(width), y: Double(y.lowerBound) / Double(height),
             width: Double(x.count) / Double(width), height: Double(y.count) / Double(height))
    }
}
