/// A recognised word: a run of symbols without white space.
public struct Word: TextElement, Hashable {
    public var text: String
    public var confidence: Double
    public var box: Rect
    public var quad: Quad
    /// The top candidate readings of the whole word, best first; empty when the engine gives none.
    public var alternatives: [Alternative]
    /// The word's characters, where the engine reports them.
    public var symbols: [Symbol]
    /// Whether a confidence review found this word, or one of its symbols, doubtful (see
    /// ``Page/flaggingDoubtfulText(below:)``).
    public var isFlagged: Bool
    /// The font it is printed in, where the page says (a PDF's own text); `nil` for a word read
    /// from pixels.
    public var font: Font?

    public init(
        text: String, confidence: Double, box: Rect, quad: Quad,
        alternatives: [Alternative] = [], symbols: [Symbol] = [], isFlagged: Bool = false, font: Font? = nil
    ) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.quad = quad
        self.alternatives = alternatives
        self.symbols = symbols
        self.isFlagged = isFlagged
        self.font = font
    }
}

extension Word: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, confidence, box, quad, alternatives, symbols, isFlagged = "flagged", font
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        confidence = try container.decode(Double.self, forKey: .confidence)
        box = try container.decode(Rect.self, forKey: .box)
        quad = try container.decode(Quad.self, forKey: .quad)
        alternatives = try container.decode([Alternative].self, forKey: .alternatives)
        symbols = try container.decodeIfPresent([Symbol].self, forKey: .symbols) ?? []
        isFlagged = try container.decodeIfPresent(Bool.self, forKey: .isFlagged) ?? false
        font = try container.decodeIfPresent(Font.self, forKey: .font)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(box, forKey: .box)
        try container.encode(quad, forKey: .quad)
        try container.encode(alternatives, forKey: .alternatives)
        // Symbols are optional in the schema: most engines report none.
        if !symbols.isEmpty { try container.encode(symbols, forKey: .symbols) }
        if isFlagged { try container.encode(true, forKey: .isFlagged) }
        try container.encodeIfPresent(font, forKey: .font)
    }
}

extension Word {
    /// The `count` most likely readings of a word, from its symbols' alternatives.
    ///
    /// A word's probability is taken as the product of its symbols' probabilities, so the best
    /// reading takes each symbol's top candidate and the next ones swap in the runners-up where
    /// they cost least. Symbols without alternatives count as certain of their own text.
    ///
    /// ```swift
    /// // "c0de" with 0 at 0.55 and O at 0.40 gives ["c0de", "cOde", ...]
    /// word.alternatives = Word.alternatives(from: word.symbols, count: 3)
    /// ```
    public static func alternatives(from symbols: [Symbol], count: Int) -> [Alternative] {
        guard count > 0, !symbols.isEmpty else { return [] }
        // A beam over the symbols, keeping the `count` best partial readings at each step, is
        // exact for the top `count` readings of a product of independent factors.
        var beam: [(text: String, probability: Double)] = [("", 1)]
        for symbol in symbols {
            let candidates = symbol.alternatives.isEmpty
                ? [Alternative(text: symbol.text, confidence: symbol.confidence)]
                : symbol.alternatives
            var extended: [(text: String, probability: Double)] = []
            extended.reserveCapacity(beam.count * candidates.count)
            for partial in beam {
                for candidate in candidates {
                    extended.append((partial.text + candidate.text, partial.probability * candidate.confidence))
                }
            }
            extended.sort { $0.probability > $1.probability }
            beam = Array(extended.prefix(count))
        }
        return beam.map { Alternative(text: $0.text, confidence: $0.probability) }
    }
}
