/// One candidate reading of a word or a symbol, as an engine ranked it.
///
/// A word's or symbol's `alternatives` list the top candidates, best first; the first is the
/// element's own text.
public struct Alternative: Hashable, Sendable, Codable {
    public var text: String
    /// From 0 to 1.
    public var confidence: Double

    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}
