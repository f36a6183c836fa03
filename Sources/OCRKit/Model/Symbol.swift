/// A single recognised character (a grapheme), where an engine reports them.
public struct Symbol: TextElement, Hashable, Codable {
    public var text: String
    public var confidence: Double
    public var box: Rect
    public var quad: Quad
    /// The engine's top candidates for this symbol, best first; empty when it gives none.
    public var alternatives: [Alternative]

    public init(text: String, confidence: Double, box: Rect, quad: Quad, alternatives: [Alternative] = []) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.quad = quad
        self.alternatives = alternatives
    }
}
