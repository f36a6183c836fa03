/// A paragraph: a run of consecutive lines of a page, in reading order.
public struct Paragraph: Hashable, Sendable {
    /// The paragraph's lines, as indices into ``Page/lines``.
    public var lines: Range<Int>
    /// Where the paragraph is, normalised like ``TextElement/box``.
    public var box: Rect

    public init(lines: Range<Int>, box: Rect) {
        self.lines = lines
        self.box = box
    }
}

extension Paragraph: Codable {
    private enum CodingKeys: String, CodingKey {
        case firstLine, lineCount, box
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lines = try container.decodeRun(first: .firstLine, count: .lineCount)
        box = try container.decode(Rect.self, forKey: .box)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeRun(lines, first: .firstLine, count: .lineCount)
        try container.encode(box, forKey: .box)
    }
}
