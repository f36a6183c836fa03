/// Tree-edit-distance similarity of a table read to its truth (Zhong, ShafieiBavani and Jimeno
/// Yepes, "Image-based table recognition: data, model, and evaluation", 2019): 1 less the edit
/// distance between their trees (``TableTree``) over the larger tree's node count: 1 for the
/// truth itself, near 0 for another table altogether (two of PubTabNet's tables, 139 and 287
/// nodes, score -0.007: unclamped, as PubTabNet's own scoring leaves it).
///
/// Deleting or inserting a node costs 1, and so does renaming one into another tag, or a cell
/// into one of other spans; a cell renamed into a cell of the same spans costs the normalised
/// edit distance of their texts, or nothing when only the structure is compared (TEDS-struct).
///
/// ```swift
/// let truth = try TableTree(html: "<table><tr><td>Tea</td><td>1.20</td></tr></table>")
/// let read = try TableTree(html: "<table><tr><td>Tea</td><td>1.28</td></tr></table>")
/// print(TEDS.similarity(read, truth))                       // 0.9375: a character in four, over 4 nodes
/// print(TEDS.similarity(read, truth, comparesText: false))  // 1.0
/// ```
public enum TEDS {
    public static func similarity(_ read: TableTree, _ truth: TableTree, comparesText: Bool = true) -> Double {
        let distance = TreeEditDistance { from, to in
            guard from.tag == to.tag else { return 1 }
            guard from.tag == "td" else { return 0 }
            guard from.rowSpan == to.rowSpan, from.columnSpan == to.columnSpan else { return 1 }
            return comparesText ? textDistance(from.text, to.text) : 0
        }.distance(read, truth)
        return 1 - distance / Double(max(read.nodeCount, truth.nodeCount))
    }

    /// The edit distance between two texts over the longer's length, from 0 to 1.
    static func textDistance(_ first: String, _ second: String) -> Double {
        let (a, b) = (Array(first), Array(second))
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        return Double(a.editDistance(to: b)) / Double(max(a.count, b.count))
    }
}
