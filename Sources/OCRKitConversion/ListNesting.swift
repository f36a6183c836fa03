import OCRKit

/// How deep a list's items are, told from where their markers are printed: the items of one
/// list open at one edge, a list nested in an item opens further in (by its indent, two or
/// three line heights as browsers and word processors print it), and an item back at an outer
/// list's edge goes on that list.
struct ListNesting {
    /// The left edges of the open lists' items, outermost first, in the page's pixels.
    private var edges: [Double] = []

    /// The level, from 1, of a list item whose marker's left edge is `left`, its line
    /// `lineHeight` high (both in the page's pixels). An item left of the outermost list's
    /// edge, or further right of the innermost's than a list is indented, opens a list of its
    /// own: another column's, or another list's.
    mutating func level(ofItemAt left: Double, lineHeight: Double) -> Int {
        let tolerance = Rules.listIndent.lowerBound * lineHeight
        // The innermost list opening at or left of the item: the item goes on it, or opens a
        // list nested in its last item, or, too far right, another column's list.
        guard let outer = edges.lastIndex(where: { $0 < left + tolerance }) else {
            edges = [left]
            return 1
        }
        edges.removeSubrange((outer + 1)...)
        if left - edges[outer] < tolerance { return outer + 1 }
        if Rules.listIndent.contains((left - edges[outer]) / lineHeight) {
            edges.append(left)
            return edges.count
        }
        edges = [left]
        return 1
    }

    /// Ends the lists: the next item opens a list of its own.
    mutating func end() {
        edges = []
    }
}
