/// A region of a page and what it is: a title, a paragraph of text, a table, a figure, a
/// header... Its text is a run of the page's blocks.
///
/// ```swift
/// for region in page.regions where region.kind == .title {
///     print(page.text(of: region))
/// }
/// let running = page.regions.filter { !$0.kind.isMargin }   // without headers, footers, page numbers
/// ```
public struct Region: Hashable, Sendable {
    /// What a region is.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case title, text, list, table, figure, caption, header, footer
        case pageNumber = "page-number"
        case formula
        /// Text kept as it is printed, line by line: program code, a terminal's output.
        case code
        /// A note at a page's foot, or a document's end, that a mark in the text refers to.
        case footnote

        /// Whether the region is in the page's margins rather than its running text: headers,
        /// footers and page numbers, which writers may leave out.
        public var isMargin: Bool { [.header, .footer, .pageNumber].contains(self) }
    }

    public var kind: Kind
    /// Where the region is, normalised like ``TextElement/box``.
    public var box: Rect
    /// The region's blocks, as indices into ``Page/blocks``: empty for a region without text (a
    /// figure).
    public var blocks: Range<Int>
    /// How sure the finder of regions is of it, from 0 to 1.
    public var confidence: Double

    public init(kind: Kind, box: Rect, blocks: Range<Int>, confidence: Double) {
        self.kind = kind
        self.box = box
        self.blocks = blocks
        self.confidence = confidence
    }
}

extension Region: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, box, firstBlock, blockCount, confidence
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        box = try container.decode(Rect.self, forKey: .box)
        blocks = try container.decodeRun(first: .firstBlock, count: .blockCount)
        confidence = try container.decode(Double.self, forKey: .confidence)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(box, forKey: .box)
        try container.encodeRun(blocks, first: .firstBlock, count: .blockCount)
        try container.encode(confidence, forKey: .confidence)
    }
}
