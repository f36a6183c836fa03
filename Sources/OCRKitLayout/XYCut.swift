import OCRKit

/// Reading order by recursive XY-cut: a region is split at its widest run of white space across
/// the page (between blocks), or else down it (between columns), until no split is left; the
/// pieces are read top to bottom and left to right, and each piece's lines row by row.
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
        guard items.count > 1 else { return items.isEmpty ? [] : [items] }
        let across = widestGap(items, vertical: false)
        // A break across the whole region, wider than a paragraph's line spacing, comes first:
        // a title or a footer shorter than the page must not let a gutter cut through it.
        if let across, across.size > options.paragraphGap * lineHeight {
            return blocks(across.before) + blocks(across.after)
        }
        if let down = widestGap(items, vertical: true), down.size >= options.columnGap * lineHeight,
           isColumnSplit(down.before, down.after) {
            return blocks(down.before) + blocks(down.after)
        }
        // No break between blocks: split at the widest gap between rows, if any column split
        // hides inside a part.
        if let across {
            let parts = blocks(across.before) + blocks(across.after)
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
        var size: Double
        var before: [Item]
        var after: [Item]
    }

    /// The widest stretch of white space between the items, across the page or down it.
    private func widestGap(_ items: [Item], vertical: Bool) -> Gap? {
        let start: (Rect) -> Double = vertical ? { $0.minX } : { $0.minY }
        let end: (Rect) -> Double = vertical ? { $0.maxX } : { $0.maxY }
        let sorted = items.sorted { start($0.rect) < start($1.rect) }
        var best: Gap?
        var reach = end(sorted[0].rect)
        for position in 1..<sorted.count {
            let gap = start(sorted[position].rect) - reach
            if gap > 0, gap > (best?.size ?? 0) {
                best = Gap(size: gap, before: Array(sorted[..<position]), after: Array(sorted[position...]))
            }
            reach = max(reach, end(sorted[position].rect))
        }
        return best
    }

    /// Whether two side-by-side groups are columns of running text, not the cells of a table.
    private func isColumnSplit(_ left: [Item], _ right: [Item]) -> Bool {
        isRunningText(left) && isRunningText(right)
    }

    /// Lines most of which fill their column, or hold several words.
    private func isRunningText(_ items: [Item]) -> Bool {
        let extent = items.dropFirst().reduce(items[0].rect) { $0.union($1.rect) }
        let full = items.filter { $0.rect.width >= 0.6 * extent.width && ($0.words >= 3 || $0.rect.width >= 8 * lineHeight) }
        return Double(full.count) >= 0.5 * Double(items.count)
    }
}

extension Rect {
    var midY: Double { y + height / 2 }
}
