/// Which engine read a page, and how it found the lines: recorded in every result so that
/// figures can be traced, and so that layout analysis knows how far to trust the lines.
public struct EngineInfo: Hashable, Sendable, Codable {
    /// How an engine finds the lines it reads.
    public enum LineFinding: String, Hashable, Sendable, Codable {
        /// A layout analysis of the page found whole lines (Tesseract, NDLOCR-Lite's layout model).
        case layoutAnalysis = "layout-analysis"
        /// A text detector found regions of text and each was read as a line (PP-OCR): a line with
        /// wide gaps, such as a receipt's item and its price, comes in pieces, which layout
        /// analysis joins again from the words.
        case textDetection = "text-detection"
    }

    /// A short, stable name, as the command line spells it: `tesseract`, `ppocr`.
    public var name: String
    /// The engine's own version, such as `5.3.0`.
    public var version: String
    /// How the engine found the page's lines.
    public var lineFinding: LineFinding

    public init(name: String, version: String, lineFinding: LineFinding = .layoutAnalysis) {
        self.name = name
        self.version = version
        self.lineFinding = lineFinding
    }

    private enum CodingKeys: String, CodingKey {
        case name, version, lineFinding = "lines"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(String.self, forKey: .version)
        // Pages stored by an older OCRKit (a queue's results) do not say.
        lineFinding = try container.decodeIfPresent(LineFinding.self, forKey: .lineFinding) ?? .layoutAnalysis
    }
}
