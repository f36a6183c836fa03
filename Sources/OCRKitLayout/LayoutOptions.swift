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
    /// The narrowest gutter between two columns of running text each at least
    /// ``longColumnLines`` lines long: a stripe of white down that many lines is no chance line-up
    /// of a justified line's spaces. LaTeX sets two columns 10 pt apart, in type whose lines are
    /// 11 to 12 pt tall; CSS's columns are 1 em apart.
    public var narrowColumnGap = 0.5
    /// How many lines each side of a narrow gutter (``narrowColumnGap``) holds at least.
    public var longColumnLines = 5
    /// How far from a break across the page, in line heights, a gutter found on one side of it
    /// is looked for on the other side to go on there (the break is then paragraphs' ends that
    /// line up in the columns).
    public var gutterReach = 10.0
    /// When lines are rebuilt from the page's words before they are ordered: words whose middles
    /// lie within half a word's height of each other across the page's dominant angle, and within
    /// ``wordGap`` along it, form a line.
    public enum WordRegrouping: Hashable, Sendable {
        /// For pages whose lines a text detector found (``OCRKit/EngineInfo/LineFinding/textDetection``):
        /// such a line may be a piece of one.
        case whenLinesWereDetected
        /// For every page: engines that report words alone, or lines that cannot be trusted.
        case always
        /// Never: the engine's lines are kept.
        case never
    }

    /// When lines are rebuilt from the page's words.
    public var wordRegrouping = WordRegrouping.whenLinesWereDetected
    /// The widest gap between two words of one line, in line heights.
    public var wordGap = 2.5

    public init() {}
}
