/// What to read and how, for any engine.
///
/// ```swift
/// var options = RecognitionOptions()
/// options.languages = ["eng", "deu"]
/// options.regionOfInterest = Rect(x: 0, y: 0.8, width: 1, height: 0.2)   // the bottom fifth
/// options.minimumTextHeight = 0.02                                      // ignore fine print
/// ```
public struct RecognitionOptions: Hashable, Sendable, Codable {
    /// Languages to read, in Tesseract's codes (`eng`, `deu`, `chi_sim`: ``Language``), most
    /// likely first. Empty, the default, leaves them to the reader: the engines of
    /// `EngineSettings` find each page's script and read it in an installed language of that
    /// script (``Page/languages`` says which); an engine used on its own reads English.
    public var languages: [String]
    /// Only read inside this normalised rectangle (origin top left); `nil` reads the whole image.
    public var regionOfInterest: Rect?
    /// Drop lines shorter than this fraction of the image height; `nil` keeps everything.
    public var minimumTextHeight: Double?
    /// Only these characters may be recognised; `nil` allows all.
    public var allowedCharacters: String?
    /// How many candidate readings to report for each word and symbol; 0 for none.
    public var alternativeCount: Int
    /// Downscale images whose longer side is larger than this many pixels while decoding them:
    /// faster, at some cost for small text. `nil` reads at full resolution.
    public var maximumImageSide: Int?
    /// Words and symbols less confident than this are flagged for review (0 flags nothing).
    public var flagThreshold: Double
    /// Find the page in a photo, flatten its perspective, level its lines and turn it upright
    /// before reading it, with the ``PageReader``'s ``ImageStraightener``. The page's boxes then refer
    /// to the straightened image, and ``Page/straightening`` says how it was made.
    public var straightensPage: Bool

    public init(
        languages: [String] = [],
        regionOfInterest: Rect? = nil,
        minimumTextHeight: Double? = nil,
        allowedCharacters: String? = nil,
        alternativeCount: Int = 3,
        maximumImageSide: Int? = nil,
        flagThreshold: Double = Page.defaultFlagThreshold,
        straightensPage: Bool = false
    ) {
        self.languages = languages
        self.regionOfInterest = regionOfInterest
        self.minimumTextHeight = minimumTextHeight
        self.allowedCharacters = allowedCharacters
        self.alternativeCount = alternativeCount
        self.maximumImageSide = maximumImageSide
        self.flagThreshold = flagThreshold
        self.straightensPage = straightensPage
    }

    private enum CodingKeys: String, CodingKey {
        case languages, regionOfInterest, minimumTextHeight, allowedCharacters, alternativeCount, maximumImageSide
        case flagThreshold, straightensPage
    }

    /// What `straightensPage` and `flagThreshold` were called in options stored before OCRKit
    /// settled on their words.
    private enum LegacyKeys: String, CodingKey {
        case correctsPage, reviewThreshold
    }

    public init(from decoder: any Decoder) throws {
        // Options stored by an older OCRKit (a queue's batches) lack the newer fields.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = RecognitionOptions()
        languages = try container.decodeIfPresent([String].self, forKey: .languages) ?? defaults.languages
        regionOfInterest = try container.decodeIfPresent(Rect.self, forKey: .regionOfInterest)
        minimumTextHeight = try container.decodeIfPresent(Double.self, forKey: .minimumTextHeight)
        allowedCharacters = try container.decodeIfPresent(String.self, forKey: .allowedCharacters)
        alternativeCount = try container.decodeIfPresent(Int.self, forKey: .alternativeCount) ?? defaults.alternativeCount
        maximumImageSide = try container.decodeIfPresent(Int.self, forKey: .maximumImageSide)
        flagThreshold = try container.decodeIfPresent(Double.self, forKey: .flagThreshold)
            ?? decoder.container(keyedBy: LegacyKeys.self).decodeIfPresent(Double.self, forKey: .reviewThreshold)
            ?? defaults.flagThreshold
        straightensPage = try container.decodeIfPresent(Bool.self, forKey: .straightensPage)
            ?? decoder.container(keyedBy: LegacyKeys.self).decodeIfPresent(Bool.self, forKey: .correctsPage)
            ?? defaults.straightensPage
    }

    /// Checks the options that do not depend on the engine, throwing an ``OCRError/Code/invalidOption``.
    public func validate() throws {
        if languages.contains(where: \.isEmpty) {
            throw OCRError(.invalidOption, reason: "a language cannot be empty")
        }
        if let region = regionOfInterest, !region.isValidNormalizedRegion {
            throw OCRError(.invalidOption, reason: "the region of interest \(region) must be a non-empty rectangle inside 0...1")
        }
        if let height = minimumTextHeight, !(0..<1).contains(height) {
            throw OCRError(.invalidOption, reason: "the minimum text height \(height) must be a fraction of the image height, from 0 up to 1")
        }
        if let characters = allowedCharacters, characters.isEmpty {
            throw OCRError(.invalidOption, reason: "the allowed characters cannot be empty")
        }
        if alternativeCount < 0 {
            throw OCRError(.invalidOption, reason: "the number of alternatives cannot be negative")
        }
        if !(0...1).contains(flagThreshold) {
            throw OCRError(.invalidOption, reason: "the flag threshold \(flagThreshold) must be a confidence from 0 to 1")
        }
        if let side = maximumImageSide, side < 32 {
            throw OCRError(.invalidOption, reason: "the maximum image side \(side) must be at least 32 pixels")
        }
    }

    /// Checks that every language asked for is written in one of `scripts`, for engines whose
    /// models read a fixed set of scripts whatever the language: `engine` names the engine to
    /// the user, and `instead` says what reads the others ("use --engine tesseract").
    public func checkScripts(_ scripts: Set<Script>, engine: String, instead: String) throws {
        let unsupported = languages.filter { language in
            let written = Language(language).scripts
            return written.isEmpty || !written.allSatisfy(scripts.contains)
        }
        guard unsupported.isEmpty else {
            let names = Script.allCases.filter(scripts.contains).map(\.name)
            let described = unsupported.map { language in
                let written = Language(language).scripts.map(\.name)
                return written.isEmpty ? "\(language) (a language of unknown script)" : "\(language) (\(written.joined(separator: " and ")))"
            }
            throw OCRError(.invalidOption, reason: "\(engine) reads the \(Self.list(names)) scripts, not "
                + "\(described.joined(separator: ", ")): \(instead)")
        }
    }

    /// "a, b and c".
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
