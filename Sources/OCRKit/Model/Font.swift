/// The font a word is printed in, where the page says it: a PDF's own text gives it
/// (``Page/holdsEmbeddedText``); an engine reading pixels does not. It is what tells a
/// heading by its size and weight, code by its monospace and emphasis by its slant.
///
/// ```swift
/// let headings = page.words.filter { ($0.font?.size ?? 0) > 14 || $0.font?.isBold == true }
/// ```
public struct Font: Hashable, Sendable {
    /// The font's name as the document gives it, without a subset's `ABCDEF+` prefix
    /// (`LiberationSerif-Bold`).
    public var name: String
    /// Its size in points (1/72 inch).
    public var size: Double
    public var isBold: Bool
    public var isItalic: Bool
    /// Whether every character is as wide as the next, as code is printed.
    public var isMonospace: Bool

    public init(name: String, size: Double, isBold: Bool, isItalic: Bool, isMonospace: Bool) {
        self.name = name
        self.size = size
        self.isBold = isBold
        self.isItalic = isItalic
        self.isMonospace = isMonospace
    }

    /// The font named `name` at `size`, its weight, slant and spacing taken from the name as
    /// type foundries spell them (`Times-BoldItalic`, `DejaVuSansMono-Oblique`, `CourierNewPSMT`).
    public init(named name: String, size: Double) {
        let name = Self.withoutSubsetPrefix(name)
        let lowercased = name.lowercased()
        self.init(name: name, size: size,
                  isBold: Self.boldMarks.contains { lowercased.contains($0) },
                  isItalic: Self.italicMarks.contains { lowercased.contains($0) },
                  isMonospace: Self.monospaceMarks.contains { lowercased.contains($0) })
    }

    private static let boldMarks = ["bold", "black", "heavy", "semibold", "demi", "-bd", ",bold"]
    private static let italicMarks = ["italic", "oblique", "-it", ",italic", "slanted"]
    private static let monospaceMarks = ["mono", "courier", "consol", "menlo", "code", "typewriter", "cmtt", "fixed"]

    /// `name` without the six capital letters and `+` a PDF puts before a subset's name.
    static func withoutSubsetPrefix(_ name: String) -> String {
        let parts = name.split(separator: "+", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 6, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else { return name }
        return String(parts[1])
    }
}

extension Font: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, size, isBold = "bold", isItalic = "italic", isMonospace = "monospace"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        size = try container.decode(Double.self, forKey: .size)
        isBold = try container.decodeIfPresent(Bool.self, forKey: .isBold) ?? false
        isItalic = try container.decodeIfPresent(Bool.self, forKey: .isItalic) ?? false
        isMonospace = try container.decodeIfPresent(Bool.self, forKey: .isMonospace) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(size, forKey: .size)
        // Only what is so: most words are upright, of normal weight and proportional.
        if isBold { try container.encode(true, forKey: .isBold) }
        if isItalic { try container.encode(true, forKey: .isItalic) }
        if isMonospace { try container.encode(true, forKey: .isMonospace) }
    }
}
