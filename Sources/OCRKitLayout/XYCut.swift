import OCRKit

/// Reading order by recursive XY-cut: a region is split at a wide run of white space across it
/// (between blocks), or else down it (between columns), until no split is left; the pieces are
/// read top to bottom and left to right, and each piece's lines row by row.
///
/// A split down the page counts as a column gutter only when the text on both sides is made of
/// full lines: the item names and prices of a receipt are also two stacks of boxes with a gap
/// between, but they are read across, row by row.
struct XYCut {
    struct Item {
        var index: Int
        var rect: Rect
        var words: Int
    }

    let lineHeight: Double
    let options: LayoutOptions

    /// The items grouped into blocks, in reading order.
    func blocks(_ items: [Item]) -> [[Item]] {
        blocks(items, columns: [])
    }

    /// The items grouped into blocks; `columns` the gutters found around them so far, where a
    /// gap down the region goes on splitting columns beside running text on one side only.
    private func blocks(_ items: [Item], columns: [ClosedRange<Double>]) -> [[Item]] {
        guard items.count > 1 else { return items.isEmpty ? [] : [items] }
        // A break across the region, wider than a paragraph's line spacing, comes first (so that
        // a title or footer shorter than the page is not read as part of a column), unless the
        // columns' gutter runs through it: then it is a paragraph break that happens to line up
        // in every column, or one column's end.
        var columns = columns
        let breaks = gaps(items, vertical: false).filter { $0.size > options.paragraphGap * lineHeight }
        var throughBreaks: [ClosedRange<Double>] = []
        for gap in breaks.sorted(by: { $0.size > $1.size }) {
            if let gutter = gutter(through: gap, columns: columns) {
                columns.append(gutter.start...gutter.end)
                throughBreaks.append(gutter.start...gutter.end)
                continue
            }
            return blocks(gap.before, columns: columns) + blocks(gap.after, columns: columns)
        }
        if let gutter = gutters(items, columns: columns).max(by: { $0.size < $1.size }) {
            columns.append(gutter.start...gutter.end)
            return blocks(gutter.before, columns: columns) + blocks(gutter.after, columns: columns)
        }
        // A gutter running through the region's breaks, stopped only by lines across it at the
        // region's foot or head (a footnote, a caption closer than a paragraph's break): those
        // are read after the columns, or before.
        for gutter in throughBreaks {
            let middle = (gutter.lowerBound + gutter.upperBound) / 2
            let across = items.filter { $0.rect.minX < middle && middle < $0.rect.maxX }
            guard let first = across.map(\.rect.minY).min(), let last = across.map(\.rect.maxY).max() else { continue }
            // What lies from the first line across on down, or from the last one up.
            let slack = lineHeight / 2
            let foot = items.filter { $0.rect.minY > first - slack }, above = items.filter { $0.rect.minY <= first - slack }
            if above.count > 1, above.allSatisfy({ $0.rect.maxY < first + slack }) {
                return blocks(above, columns: columns) + blocks(foot, columns: columns)
            }
            let head = items.filter { $0.rect.maxY < last + slack }, below = items.filter { $0.rect.maxY >= last + slack }
            if below.count > 1, below.allSatisfy({ $0.rect.minY > last - slack }) {
                return blocks(head, columns: columns) + blocks(below, columns: columns)
            }
        }
        // No break: split at the widest gap between rows, if a column split hides inside a part.
        if let across = gaps(items, vertical: false).max(by: { $0.size < $1.size }) {
            let parts = blocks(across.before, columns: columns) + blocks(across.after, columns: columns)
            if parts.count > 2 { return parts }
        }
        return [rows(items).flatMap { $0 }]
    }

    /// The items as rows: each row the items whose middles lie within half a line of each
    /// other, top to bottom, each row left to right.
    func rows(_ items: [Item]) -> [[Item]] {
        var rows: [[Item]] = []
        for item in items.sorted(by: { $0.rect.midY < $1.rect.midY }) {
            if let last = rows.last, let first = last.first, abs(item.rect.midY - first.rect.midY) < lineHeight / 2 {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
        }
        return rows.map { $0.sorted { $0.rect.minX < $1.rect.minX } }
    }

    private struct Gap {
        /// Where the white space starts and ends, across the gap.
        var start: Double
        var end: Double
        var before: [Item]
        var after: [Item]

        var size: Double { end - start }
    }

    /// Every stretch of white space between the items, across the region or down it.
    private func gaps(_ items: [Item], vertical: Bool) -> [Gap] {
        let start: (Rect) -> Double = vertical ? { $0.minX } : { $0.minY }
        let end: (Rect) -> Double = vertical ? { $0.maxX } : { $0.maxY }
        let sorted = items.sorted { start($0.rect) < start($1.rect) }
        var found: [Gap] = []
        var reach = end(sorted[0].rect)
        for position in 1..<sorted.count {
            let next = start(sorted[position].rect)
            if next > reach {
                found.append(Gap(start: reach, end: next, before: Array(sorted[..<position]), after: Array(sorted[position...])))
            }
            reach = max(reach, end(sorted[position].rect))
        }
        return found
    }

    /// The gaps down the region wide enough for a gutter, with running text on both sides; or on
    /// one side at least (a column of code or a list beside one of prose) where the gap goes on
    /// one of `columns`, or `oneSided`. A gutter narrower than ``LayoutOptions/columnGap`` parts
    /// long columns only, or goes on one of `columns`.
    private func gutters(_ items: [Item], columns: [ClosedRange<Double>], oneSided: Bool = false) -> [Gap] {
        guard items.count > 1 else { return [] }
        return gaps(items, vertical: true).filter { gap in
            let goesOnColumns = oneSided || columns.contains { gap.start < $0.upperBound && $0.lowerBound < gap.end }
            // A narrow gutter between long columns, or going on one found.
            let isLong = min(gap.before.count, gap.after.count) >= options.longColumnLines
            guard gap.size >= (goesOnColumns || isLong ? options.narrowColumnGap : options.columnGap) * lineHeight else { return false }
            if isColumnSplit(gap.before, gap.after) { return true }
            return goesOnColumns && (isRunningText(gap.before) || isRunningText(gap.after))
        }
    }

    /// The columns' gutter that runs through `gap`, making it no break across the region: a
    /// gutter runs on both above and below it, at the same place (between running text on one
    /// side, running text on both, within ``LayoutOptions/gutterReach`` of the gap); or what
    /// lies on one side of it stands wholly on one side of the other side's gutter, no further
    /// from that column than its own paragraphs stand apart (one column ends lower, or starts
    /// higher, than the other: it goes on past the gap, where a footer below the columns stands
    /// further off).
    private func gutter(through gap: Gap, columns: [ClosedRange<Double>]) -> Gap? {
        let above = gutters(gap.before, columns: columns), below = gutters(gap.after, columns: columns)
        func meeting(_ strict: [Gap], _ loose: [Gap]) -> Gap? {
            strict.first { gutter in loose.contains { gutter.start < $0.end && $0.start < gutter.end } }
        }
        // The other side's gutter is looked for next to the gap: a footnote or a figure further
        // off that crosses it does not stop the columns' going on.
        let reach = options.gutterReach * lineHeight
        let nextBelow = gap.after.filter { $0.rect.minY < gap.end + reach }
        let nextAbove = gap.before.filter { $0.rect.maxY > gap.start - reach }
        return meeting(above, gutters(nextBelow, columns: columns, oneSided: true))
            ?? meeting(below, gutters(nextAbove, columns: columns, oneSided: true))
            ?? above.first { goesOn(gap, beside: $0, of: gap.before, with: gap.after) }
            ?? below.first { goesOn(gap, beside: $0, of: gap.after, with: gap.before) }
    }

    /// Whether `part`, across `gap` from `columns` split by `gutter`, is one column of them going on:
    /// it stands wholly on one side of the gutter, and the gap is no wider than the widest between
    /// that column's own rows.
    private func goesOn(_ gap: Gap, beside gutter: Gap, of columns: [Item], with part: [Item]) -> Bool {
        let side: (Item) -> Bool
        if part.allSatisfy({ $0.rect.maxX <= gutter.start }) {
            side = { $0.rect.maxX <= gutter.start }
        } else if part.allSatisfy({ $0.rect.minX >= gutter.end }) {
            side = { $0.rect.minX >= gutter.end }
        } else {
            return false
        }
        let column = columns.filter(side)
        guard column.count > 1 else { return false }
        return gap.size <= gaps(column, vertical: false).map(\.size).max() ?? 0
    }

    /// Whether two side-by-side groups are columns of running text, not the cells of a table.
    private func isColumnSplit(_ left: [Item], _ right: [Item]) -> Bool {
        isRunningText(left) && isRunningText(right)
    }

    /// Lines at least half of which hold several words or run long. Measured on the lines alone:
    /// a side may hold more than one column, so its width says nothing of its lines'.
    private func isRunningText(_ items: [Item]) -> Bool {
        let full = items.filter { $0.words >= 3 || $0.rect.width >= 8 * lineHeight }
        return Double(full.count) >= 0.5 * Double(items.count)
    }
}
