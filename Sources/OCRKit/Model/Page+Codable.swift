import Foundation

extension Page: Codable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, image, pageNumber = "page", width, height, engine, languages, missingLanguages, warnings, rereadings, straightening, text, lines
        case paragraphs, blocks, regions, tables
        /// What `straightening` was called in pages written before OCRKit settled on the word.
        case correction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard (1...Self.schemaVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .schemaVersion, in: container,
                debugDescription: "Schema version \(version) is not supported; this OCRKit reads 1 to \(Self.schemaVersion)")
        }
        image = try container.decode(String.self, forKey: .image)
        pageNumber = try container.decodeIfPresent(Int.self, forKey: .pageNumber)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        engine = try container.decode(EngineInfo.self, forKey: .engine)
        languages = try container.decodeIfPresent([String].self, forKey: .languages) ?? []
        missingLanguages = try container.decodeIfPresent([MissingLanguage].self, forKey: .missingLanguages) ?? []
        warnings = try container.decodeIfPresent([PageWarning].self, forKey: .warnings) ?? []
        rereadings = try container.decodeIfPresent([Rereading].self, forKey: .rereadings) ?? []
        straightening = try container.decodeIfPresent(Straightening.self, forKey: .straightening)
            ?? container.decodeIfPresent(Straightening.self, forKey: .correction)
        lines = try container.decode([Line].self, forKey: .lines)
        paragraphs = try container.decode([Paragraph].self, forKey: .paragraphs)
        blocks = try container.decode([Block].self, forKey: .blocks)
        // `text` is derived from the lines and paragraphs, so it is not read back.
        guard Self.covers(paragraphs.map(\.lines), count: lines.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .paragraphs, in: container, debugDescription: "Paragraphs must cover the lines in order")
        }
        guard Self.covers(blocks.map(\.paragraphs), count: paragraphs.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .blocks, in: container, debugDescription: "Blocks must cover the paragraphs in order")
        }
        regions = try container.decodeIfPresent([Region].self, forKey: .regions) ?? []
        guard regions.allSatisfy({ $0.blocks.upperBound <= blocks.count }) else {
            throw DecodingError.dataCorruptedError(forKey: .regions, in: container, debugDescription: "A region's blocks must be the page's")
        }
        tables = try container.decodeIfPresent([Table].self, forKey: .tables) ?? []
        for table in tables {
            let block = table.block.map { blocks.indices.contains($0) ? blocks[$0].paragraphs : nil }
            guard block != .some(nil), table.cells.allSatisfy({ cell in
                cell.paragraph.map { paragraph in block??.contains(paragraph) ?? false } ?? true
            }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .tables, in: container, debugDescription: "A table's block, and its cells' paragraphs, must be the page's and the block's")
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(image, forKey: .image)
        try container.encodeIfPresent(pageNumber, forKey: .pageNumber)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(engine, forKey: .engine)
        // Both are new to the schema: a page without them is written as before.
        if !languages.isEmpty { try container.encode(languages, forKey: .languages) }
        if !missingLanguages.isEmpty { try container.encode(missingLanguages, forKey: .missingLanguages) }
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
        if !rereadings.isEmpty { try container.encode(rereadings, forKey: .rereadings) }
        try container.encodeIfPresent(straightening, forKey: .straightening)
        try container.encode(text, forKey: .text)
        try container.encode(lines, forKey: .lines)
        try container.encode(paragraphs, forKey: .paragraphs)
        try container.encode(blocks, forKey: .blocks)
        // New to the schema: a page read without its structure is written as before.
        if !regions.isEmpty { try container.encode(regions, forKey: .regions) }
        if !tables.isEmpty { try container.encode(tables, forKey: .tables) }
    }

    /// Whether `ranges` are consecutive, non-empty and together span `0..<count`.
    private static func covers(_ ranges: [Range<Int>], count: Int) -> Bool {
        var next = 0
        for range in ranges {
            guard range.lowerBound == next, !range.isEmpty else { return false }
            next = range.upperBound
        }
        return next == count
    }
}

extension Page {
    /// The page as JSON, in the schema of `docs/json-schema.md`.
    ///
    /// - Parameter pretty: indented, for people; compact (one line) otherwise, for JSON Lines.
    public func jsonData(pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// A page read back from its JSON.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(Page.self, from: jsonData)
    }
}
