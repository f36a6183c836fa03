import OCRKit

/// A table's place and structure, before its cells hold words: read by the table model from the
/// table's image (``TableReader``), or from the rules drawn around its cells (``RuledTables``).
public struct TableStructure: Hashable, Sendable {
    /// Normalised like the page's boxes.
    public var box: Rect
    public var grid: TableGrid
    /// The cells' boxes, in the order of `grid.cells`, normalised like the page's boxes.
    public var cellBoxes: [Rect]
    /// Whether the structure comes from the table's rules: its rows and spans are what is drawn,
    /// not a model's guess, so none is recovered from where the words stand.
    public var isRuled: Bool
    /// Whether the table's last row runs on below its box (``OCRKit/Table/runsOn``).
    public var runsOn: Bool
}
