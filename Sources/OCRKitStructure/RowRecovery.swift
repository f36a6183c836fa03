import OCRKit

/// Rows and row spans the structure model misses, recovered from where the text is.
///
/// - SLANet sometimes reads two rows of an unruled table as one (an invoice's last line and its
///   total), and the words of both then fill one row's cells, two lines a cell. A body row is
///   split in two where a cell holds two amounts one above the other (numbers do not wrap onto
///   a second line as a description does; a share in brackets under its count is taken for one
///   value) and another cell holds words at the lower amount's height and a line above them:
///   each cell's lines above the gap stay in the row, those below make the new row's cell in the
///   same columns. A row with spans, or crossed by one, is left as it is.
/// - It reads a cell centred across two rows (a statement's date over two transactions of its
///   day) as one row's cell, the other row's left empty. A body cell of one line that stands
///   centred across its row and a neighbour's, whose cell in that column is empty, while the
///   row's other cells of one line stand at their row's middle, spans both rows.
enum RowRecovery {
    /// The cells, their boxes and their lines with missed rows split off and missed row spans
    /// made, and the row count.
    static func recovered(cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]], rowCount: Int)
        -> (cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]], rowCount: Int) {
        let split = splitting(cells: cells, boxes: boxes, lines: lines, rowCount: rowCount)
        let spanned = spanning(cells: split.cells, boxes: split.boxes, lines: split.lines)
        return (spanned.cells, spanned.boxes, spanned.lines, split.rowCount)
    }

    /// Each row that is two rows split in two.
    static func splitting(cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]], rowCount: Int)
        -> (cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]], rowCount: Int) {
        var cells = cells, boxes = boxes, lines = lines, rowCount = rowCount
        var row = 0
        while row < rowCount {
            if let split = split(of: row, cells: cells, lines: lines) {
                // Every later row moves down one; the row's cells each give their lower lines to a new cell below.
                for index in cells.indices where cells[index].row > row { cells[index].row += 1 }
                let members = cells.indices.filter { cells[$0].row == row }
                // The model's boxes cover the upper row, or both: the lower row reaches down to its lowest line.
                let bottom = members.flatMap { lines[$0] }.map(\.box.maxY).max() ?? split
                var added: [(cell: TableGrid.Cell, box: Rect, lines: [Line])] = []
                for index in members {
                    let lower = lines[index].filter { $0.box.midY > split }
                    lines[index].removeAll { $0.box.midY > split }
                    let box = boxes[index]
                    boxes[index] = Rect(x: box.minX, y: box.minY, width: box.width, height: max(0, split - box.minY))
                    var cell = cells[index]
                    cell.row = row + 1
                    added.append((cell, Rect(x: box.minX, y: split, width: box.width, height: max(box.maxY, bottom) - split), lower))
                }
                // The new row's cells go after the row's, keeping the cells in reading order.
                let at = (members.max() ?? cells.count - 1) + 1
                cells.insert(contentsOf: added.map(\.cell), at: at)
                boxes.insert(contentsOf: added.map(\.box), at: at)
                lines.insert(contentsOf: added.map(\.lines), at: at)
                rowCount += 1
            }
            row += 1
        }
        return (cells, boxes, lines, rowCount)
    }

    /// Where `row` is two rows: the height (normalised) between the upper and the lower lines, or
    /// `nil` when it is one row.
    static func split(of row: Int, cells: [TableGrid.Cell], lines: [[Line]]) -> Double? {
        let members = cells.indices.filter { cells[$0].row == row }
        guard !members.isEmpty, members.allSatisfy({ !cells[$0].isHeader && cells[$0].rowSpan == 1 }),
              !cells.contains(where: { $0.row < row && $0.row + $0.rowSpan > row }) else { return nil }
        // A cell of amounts stacked: two lines or more, each a number, one above the other.
        for stacked in members where lines[stacked].count >= 2 && lines[stacked].allSatisfy({ isAmount($0.text) }) {
            let sorted = lines[stacked].sorted { $0.box.midY < $1.box.midY }
            let upper = sorted[0], lower = sorted[1]
            guard lower.box.minY >= upper.box.midY else { continue }
            // A share in brackets under its count ("160744" over "(62.0)") is one value on two lines.
            guard !lower.text.hasPrefix("(") else { continue }
            let split = (upper.box.maxY + lower.box.minY) / 2
            // Another cell with words, not a figure, at the lower amount's height, and a line
            // above it: a row's label (an invoice's "Total") beside its amount.
            let confirmed = members.contains { other in
                other != stacked && lines[other].contains { abs($0.box.midY - lower.box.midY) < lower.box.height / 2 && !isAmount($0.text) }
                    && lines[other].contains { $0.box.midY < split }
            }
            if confirmed { return split }
        }
        return nil
    }

    /// Each cell centred across its row and an empty neighbour's made one cell spanning both.
    static func spanning(cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]])
        -> (cells: [TableGrid.Cell], boxes: [Rect], lines: [[Line]]) {
        var cells = cells, boxes = boxes, lines = lines
        func isPlain(_ index: Int) -> Bool {
            !cells[index].isHeader && cells[index].rowSpan == 1 && cells[index].columnSpan == 1
        }
        var removed: Set<Int> = []
        // Where a row's cells of one line stand, but `cell`: its middle, as the table is drawn.
        func middle(of row: Int, but cell: Int) -> Double? {
            cells.indices.filter { $0 != cell && cells[$0].row == row && lines[$0].count == 1 }.map { lines[$0][0].box.midY }.median
        }
        for index in cells.indices where isPlain(index) && lines[index].count == 1 && !removed.contains(index) {
            let text = lines[index][0].box
            guard let own = middle(of: cells[index].row, but: index) else { continue }
            let offset = text.midY - own
            guard abs(offset) >= 0.35 * text.height else { continue }
            // The neighbour it leans towards, empty in its column.
            let row = cells[index].row + (offset < 0 ? -1 : 1)
            guard let neighbour = cells.indices.first(where: { cells[$0].row == row && cells[$0].column == cells[index].column }),
                  isPlain(neighbour), lines[neighbour].isEmpty, !removed.contains(neighbour),
                  let other = middle(of: row, but: neighbour) else { continue }
            // Centred across both: between the two rows' lines, and in the middle of their cells.
            let both = boxes[index].union(boxes[neighbour])
            guard abs(text.midY - both.midY) < 0.35 * text.height, abs(text.midY - (own + other) / 2) < 0.35 * text.height else { continue }
            let (upper, lower) = offset < 0 ? (neighbour, index) : (index, neighbour)
            cells[upper].rowSpan = 2
            boxes[upper] = both
            lines[upper] = lines[index]
            lines[lower] = []
            removed.insert(lower)
        }
        let kept = cells.indices.filter { !removed.contains($0) }
        return (kept.map { cells[$0] }, kept.map { boxes[$0] }, kept.map { lines[$0] })
    }

    /// Whether `text` is an amount, a count or a figure: digits with their separators, a sign, a
    /// currency or a percent.
    static func isAmount(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.contains(where: \.isNumber)
            && trimmed.allSatisfy { $0.isNumber || ".,'’ +-−()%".contains($0) || $0.isCurrencySymbol }
    }
}
