/// A single recognised character (a grapheme), where an engine reports them.
public struct Symbol: TextElement, Hashable, Codable {
    public var text: String
    public var confidence: Double
    public var box: Rect
    public var quad: Quad
    /// The engine's top candidates for this symbol, best first; empty when it gives none.
    public var alternatives: [Alternative]
    /// Whether a confidence review found this symbol doubtful (see ``Page/flaggingDoubtfulText(below:)``).
    public var isFlagged: Bool

    public init(text: String, confidence: Double, box: Rect, quad: Quad, alternatives: [Alternative] = [],
                isFlagged: Bool = false) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.quad = quad
        self.alternatives = alternatives
        self.isFlagged = isFlagged
    }
}

extension Symbol {
    private enum CodingKeys: String, CodingKey {
        case text, confidence, box, quad, alternatives, isFlagged = "flagged"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decode(Double.self, forKey: .confidence)
        box = try container.decode(Rect.self, forKey: .box)
        quad = try container.decode(Quad.self, forKey: .quad)
        alternatives = try container.decode([Alternative].self, forKey: .alternatives)
        isFlagged = try container.decodeIfPresent(Bool.self, forKey: .isFlagged) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(box, forKey: .box)
        try container.encode(quad, forKey: .quad)
        try container.encode(alternatives, forKey: .alternatives)
        // Written only when set, like every optional field of the schema.
        if isFlagged { try container.encode(true, forKey: .isFlagged) }
    }
}
