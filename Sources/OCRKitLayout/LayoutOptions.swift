/// Thresholds of the layout rules. Distances are in line heights: the median height of the
/// page's lines, so the rules hold at any resolution and type size.
public struct LayoutOptions: Hashable, Sendable {
    /// Two lines overlapping by more than this intersection over union are one detection seen twice.
    public var duplicateOverlap = 0.5
    /// A line lying this much inside another (intersection over its own area) is a duplicate too.
    public var duplicateContainment = 0.8
    /// A vertical gap between lines larger than this starts a new paragraph.
    public var paragraphGap = 0.8
    /// A line starting this much to the right of the lines above (a first-line indent), or to the
    /// left of them (a hanging indent), starts a new paragraph.
    public var indent = 1.0
    /// The narrowest gutter between two columns.
    public var columnGap = 1.0
    /// Rebuild lines from the page's words before ordering them, for engines that report words
    /// alone or lines that cannot be trusted: words whose middles lie within half a word's height
    /// of each other across the page's dominant angle, and within ``wordGap`` along it, form a line.
    public var regroupsWords = false
    /// The widest gap between two words of one line, in line heights.
    public var wordGap = 2.5

    public init() {}
}
