/// A block of text: a run of consecutive paragraphs of a page, such as a column or a caption.
public struct Block: Hashable, Sendable {
    /// The block's paragraphs, as indices into ``Page/paragraphs``.
    public var paragraphs: Range<Int>
    /// Where the block is, normalised like ``TextElement/box``.
    public var box: Rect

    public init(paragraphs: Range<Int>, box: Rect) {
        self.paragraphs = paragraphs
        self.box = box
    }
}

extension Block: Codable {
    private enum CodingKeys: String, CodingKey {
        case firstParagraph, paragraphCount, box
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        paragraphs = try container.decodeRun(first: .firstParagraph, count: .paragraphCount)
        box = try container.decode(Rect.self, forKey: .box)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeRun(paragraphs, first: .firstParagraph, count: .paragraphCount)
        try container.encode(box, forKey: .box)
    }
}
