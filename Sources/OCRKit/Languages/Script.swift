/// A writing system, as Unicode and Tesseract's script detection tell them apart: what decides
/// which engine and which language can read a line, and how its words are put together.
///
/// ```swift
/// let script = Script(of: "Москва")           // .cyrillic
/// print(script?.defaultLanguage ?? "-")       // "rus"
/// print(Script.han.spacesBetweenWords)        // false: 北京 is not 北 京
/// ```
public enum Script: String, CaseIterable, Hashable, Sendable, Codable {
    case latin, greek, cyrillic, armenian, georgian
    case hebrew, arabic, syriac, thaana
    case devanagari, bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala
    case thai, lao, tibetan, myanmar, khmer
    case ethiopic, cherokee, canadianSyllabics = "canadian-syllabics"
    case hangul
    /// Chinese characters, as Chinese, Japanese and Korean write them.
    case han
    /// Japanese hiragana and katakana.
    case kana

    /// The script's name in English, as Unicode spells it: "Cyrillic", "Han".
    public var name: String {
        switch self {
        case .canadianSyllabics: "Canadian Aboriginal Syllabics"
        case .kana: "Japanese kana"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// Whether words are written with spaces between them. Chinese, Japanese, Thai, Lao, Khmer
    /// and Myanmar are written without: their lines come out without spaces between the words an
    /// engine finds. Korean is written with spaces, between phrases.
    public var spacesBetweenWords: Bool {
        switch self {
        case .han, .kana, .thai, .lao, .khmer, .myanmar: false
        default: true
        }
    }

    /// Whether the script runs from right to left (Arabic, Hebrew, Syriac, Thaana). Text is kept
    /// in logical order, the order it is read and typed, whatever its direction.
    public var isRightToLeft: Bool {
        switch self {
        case .hebrew, .arabic, .syriac, .thaana: true
        default: false
        }
    }

    /// The Tesseract language that reads the script when none is given (``Language/table``):
    /// Russian for Cyrillic, Simplified Chinese for Han, English for Latin.
    public var defaultLanguage: String {
        switch self {
        case .latin: "eng"
        case .greek: "ell"
        case .cyrillic: "rus"
        case .armenian: "hye"
        case .georgian: "kat"
        case .hebrew: "heb"
        case .arabic: "ara"
        case .syriac: "syr"
        case .thaana: "div"
        case .devanagari: "hin"
        case .bengali: "ben"
        case .gurmukhi: "pan"
        case .gujarati: "guj"
        case .oriya: "ori"
        case .tamil: "tam"
        case .telugu: "tel"
        case .kannada: "kan"
        case .malayalam: "mal"
        case .sinhala: "sin"
        case .thai: "tha"
        case .lao: "lao"
        case .tibetan: "bod"
        case .myanmar: "mya"
        case .khmer: "khm"
        case .ethiopic: "amh"
        case .cherokee: "chr"
        case .canadianSyllabics: "iku"
        case .hangul: "kor"
        case .han: "chi_sim"
        case .kana: "jpn"
        }
    }

    /// The script Tesseract's orientation and script detection names (`osd.traineddata`: "Latin",
    /// "Cyrillic", "Japanese", "Hangul"...); `nil` for names it has no script for, such as "Common".
    public init?(tesseractName name: String) {
        switch name {
        case "Japanese", "Hiragana", "Katakana": self = .kana
        case "Korean", "Hangul": self = .hangul
        case "Han", "HanS", "HanT": self = .han
        case "Fraktur", "Vietnamese": self = .latin
        case "Canadian_Aboriginal": self = .canadianSyllabics
        default:
            guard let script = Script(rawValue: name.lowercased()) else { return nil }
            self = script
        }
    }
}
