/// What every recognised piece of text has: lines, words and symbols alike.
public protocol TextElement: Sendable {
    /// The recognised text.
    var text: String { get }
    /// How sure the engine is of ``text``, from 0 (a guess) to 1 (certain).
    var confidence: Double { get }
    /// Where the text is, normalised so the image spans `0...1`, origin at the top left.
    var box: Rect { get }
    /// Where the text is, in pixels of the image the engine read.
    var quad: Quad { get }
}
