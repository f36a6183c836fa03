import OCRKit
import OCRKitLayout

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
    /// How far off its row's middle a cell's line stands, in its own height, to lean towards a
    /// neighbouring row; and how near the middle of two rows it stands to be centred across them.
    static let offCentre = 0.35

    /// The cells with missed rows split off and missed row spans made, and the row count.
    static func recovered(_ cells: [PlacedCell], rowCount: Int) -> (cells: [PlacedCell], rowCount: Int) {
        let split = splitting(cells, rowCount: rowCount)
        return (spanning(split.cells), split.rowCount)
    }

    /// Each row that is two rows split in two.
    static func splitting(_ cells: [PlacedCell], rowCount: Int) -> (cells: [PlacedCell], rowCount: Int) {
        var cells = cells, rowCount = rowCount
        var row = 0
        while row < rowCount {
            if let split = split(of: row, in: cells) {
                // Every later row moves down one; the row's cells each give their lower lines to a new cell below.
                for index in cells.indices where cells[index].cell.row > row { cells[index].cell.row += 1 }
                let members = cells.indices.filter { cells[$0].cell.row == row }
                // The model's boxes cover the upper row, or both: the lower row reaches down to its lowest line.
                let bottom = members.flatMap { cells[$0].lines }.map(\.box.maxY).max() ?? split
                var added: [PlacedCell] = []
                for index in members {
                    let box = cells[index].box
                    var lower = cells[index]
                    lower.cell.row = row + 1
                    lower.box = Rect(x: box.minX, y: split, width: box.width, height: max(box.maxY, bottom) - split)
                    lower.lines = cells[index].lines.filter { $0.box.midY > split }
                    cells[index].lines.removeAll { $0.box.midY > split }
                    cells[index].box = Rect(x: box.minX, y: box.minY, width: box.width, height: max(0, split - box.minY))
                    added.append(lower)
                }
                // The new row's cells go after the row's, keeping the cells in reading order.
                cells.insert(contentsOf: added, at: (members.max() ?? cells.count - 1) + 1)
                rowCount += 1
            }
            row += 1
        }
        return (cells, rowCount)
    }

    /// Where `row` is two rows: the height (normalised) between the upper and the lower lines, or
    /// `nil` when it is one row.
    static func split(of row: Int, in cells: [PlacedCell]) -> Double? {
        let members = cells.indices.filter { cells[$0].cell.row == row }
        guard !members.isEmpty, members.allSatisfy({ !cells[$0].cell.isHeader && cells[$0].cell.rowSpan == 1 }),
              !cells.contains(where: { $0.cell.row < row && $0.cell.row + $0.cell.rowSpan > row }) else { return nil }
        // A cell of amounts stacked: two lines or more, each a number, one above the other.
        for stacked in members where cells[stacked].lines.count >= 2 && cells[stacked].lines.allSatisfy({ isAmount($0.text) }) {
            let sorted = cells[stacked].lines.sorted { $0.box.midY < $1.box.midY }
            let upper = sorted[0], lower = sorted[1]
            guard lower.box.minY >= upper.box.midY else { continue }
            // A share in brackets under its count ("160744" over "(62.0)") is one value on two lines.
            guard !lower.text.hasPrefix("(") else { continue }
            let split = (upper.box.maxY + lower.box.minY) / 2
            // Another cell with words, not a figure, in the lower amount's row, and a line above
            // it: a row's label (an invoice's "Total") beside its amount.
            let confirmed = members.contains { other in
                other != stacked
                    && cells[other].lines.contains { Rows.areInOneRow($0.box, lower.box, height: lower.box.height) && !isAmount($0.text) }
                    && cells[other].lines.contains { $0.box.midY < split }
            }
            if confirmed { return split }
        }
        return nil
    }

    /// Each cell centred across its row and an empty neighbour's made one cell spanning both.
    static func spanning(_ cells: [PlacedCell]) -> [PlacedCell] {
        var cells = cells
        var removed: Set<Int> = []
        // Where a row's cells of one line stand, but `cell`: its middle, as the table is drawn.
        func middle(of row: Int, but cell: Int) -> Double? {
            cells.indices.filter { $0 != cell && cells[$0].cell.row == row && cells[$0].lines.count == 1 }
                .map { cells[$0].lines[0].box.midY }.median
        }
        for index in cells.indices where cells[index].isPlain && cells[index].lines.count == 1 && !removed.contains(index) {
            let text = cells[index].lines[0].box
            guard let own = middle(of: cells[index].cell.row, but: index) else { continue }
            let offset = text.midY - own
            guard abs(offset) >= offCentre * text.height else { continue }
            // The neighbour it leans towards, empty in its column.
            let row = cells[index].cell.row + (offset < 0 ? -1 : 1)
            guard let neighbour = cells.indices.first(where: { cells[$0].cell.row == row && cells[$0].cell.column == cells[index].cell.column }),
                  cells[neighbour].isPlain, cells[neighbour].lines.isEmpty, !removed.contains(neighbour),
                  let other = middle(of: row, but: neighbour) else { continue }
            // Centred across both: between the two rows' lines, and in the middle of their cells.
            let both = cells[index].box.union(cells[neighbour].box)
            guard abs(text.midY - both.midY) < offCentre * text.height,
                  abs(text.midY - (own + other) / 2) < offCentre * text.height else { continue }
            let (upper, lower) = offset < 0 ? (neighbour, index) : (index, neighbour)
            let lines = cells[index].lines
            cells[upper].cell.rowSpan = 2
            cells[upper].box = both
            cells[upper].lines = lines
            cells[lower].lines = []
            removed.insert(lower)
        }
        return cells.indices.filter { !removed.contains($0) }.map { cells[$0] }
    }

    /// Whether `text` is an amount, a count or a figure: digits with their separators, a sign, a
    /// currency or a percent.
    static func isAmount(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.contains(where: \.isNumber)
            && trimmed.allSatisfy { $0.isNumber || ".,'’ +-−()%".contains($0) || $0.isCurrencySymbol }
    }
}
