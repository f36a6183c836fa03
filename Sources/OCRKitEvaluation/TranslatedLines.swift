import Foundation
import OCRKit

/// Lines of real text in a language, taken from the translations Debian's packages install, in
/// every language they are translated into: the truth of the language tests and of
/// `ocr bench languages`, written by translators rather than typed into a test.
///
/// Two sources, kept apart so that what is tuned on one is measured on the other: the
/// ``Source/interface`` messages of GLib and GTK, which the tests and the tuning read, and the
/// ``Source/names`` of countries, languages and currencies in iso-codes, held out.
///
/// ```swift
/// let russian = try TranslatedLines.lines(in: "rus", count: 8)
/// print(russian[0])   // a sentence of GLib's, in Russian
/// let fields = try TranslatedLines.fields(in: "rus", count: 4, from: .names)
/// print(fields[0])    // a country's, a language's or a currency's name of two words or more
/// ```
public enum TranslatedLines {
    /// The gettext catalogues lines are taken from.
    public enum Source: String, Sendable, CaseIterable {
        /// GLib's and GTK 3's messages (Debian's libglib2.0-data and libgtk-3-common), each
        /// translated into about a hundred languages.
        case interface
        /// The names of countries, languages and currencies in iso-codes (Debian's iso-codes):
        /// short texts of another kind, by other translators.
        case names

        /// The catalogues read, in order.
        public var catalogs: [String] {
            switch self {
            case .interface: ["glib20", "gtk30"]
            case .names: ["iso_3166-1", "iso_639-2", "iso_4217"]
            }
        }

        /// The Debian packages that install the catalogues.
        public var packages: String {
            switch self {
            case .interface: "libglib2.0-data libgtk-3-common"
            case .names: "iso-codes"
            }
        }

        /// The locale folder holding a language's translations, and whether its lines are the
        /// catalogues' originals: iso-codes is written in English and has no English translation.
        func locale(of language: String) -> (folder: String, takesOriginals: Bool)? {
            if self == .names && language == "eng" { return ("de", true) }
            return TranslatedLines.locales[language].map { ($0, false) }
        }
    }

    /// The locale folders of the languages lines can be taken in, by Tesseract code.
    public static let locales: [String: String] = [
        "eng": "en_GB", "deu": "de", "fra": "fr", "spa": "es", "por": "pt", "pol": "pl", "ces": "cs", "tur": "tr",
        "rus": "ru", "ukr": "uk", "ell": "el", "ara": "ar", "heb": "he", "hin": "hi", "tha": "th", "kor": "ko",
        "jpn": "ja", "chi_sim": "zh_CN",
    ]

    /// Where the catalogues are installed.
    public static let localeFolder = "/usr/share/locale"

    /// `count` lines in `language` (a Tesseract code of ``locales``), each one message of
    /// `source`'s catalogues: plain text of 12 to 40 characters, mostly letters of the language's
    /// script, without format directives, markup or keyboard mnemonics. The same lines every time,
    /// in an order that mixes the catalogues' messages (by a hash of the original).
    ///
    /// - Throws: ``OCRKit/OCRError`` when the language has no catalogue installed or too few lines.
    public static func lines(in language: String, count: Int, from source: Source = .interface) throws -> [String] {
        try texts(in: language, count: count, from: source) { isPlain($0, script: $1, length: 12...40) }
    }

    /// `count` short fields in `language`, as a form's field or a label holds: two to five words of
    /// at most 24 characters, or, in a script written without spaces between words, 4 to 12
    /// characters; otherwise as ``lines(in:count:from:)``.
    public static func fields(in language: String, count: Int, from source: Source = .interface) throws -> [String] {
        try texts(in: language, count: count, from: source) { text, script in
            guard let script else { return false }
            if !script.spacesBetweenWords { return isPlain(text, script: script, length: 4...12, letters: 3) }
            return isPlain(text, script: script, length: 6...24, letters: 3)
                && (2...5).contains(text.split(separator: " ").count)
        }
    }

    /// The messages of `source` in `language` that `accepts` (given the language's script), each
    /// once, ordered by a hash of their originals, the first `count`.
    private static func texts(in language: String, count: Int, from source: Source,
                              accepting accepts: (String, Script?) -> Bool) throws -> [String] {
        guard let locale = source.locale(of: language) else {
            throw OCRError(.invalidOption, reason: "no translations are known for \(language); known: "
                + locales.keys.sorted().joined(separator: ", "))
        }
        let script = Language(language).scripts.first
        var seen = Set<String>(), candidates: [(hash: UInt64, text: String)] = [], missing = false
        for catalog in source.catalogs {
            let path = "\(localeFolder)/\(locale.folder)/LC_MESSAGES/\(catalog).mo"
            guard FileManager.default.fileExists(atPath: path) else {
                missing = true
                continue
            }
            for (original, translation) in try GettextCatalog(contentsOf: path).translations {
                let text = (locale.takesOriginals ? original : translation).trimmingCharacters(in: .whitespaces)
                guard accepts(text, script), seen.insert(text).inserted else { continue }
                candidates.append((StableHash.of(original), text))
            }
        }
        guard candidates.count >= count else {
            throw OCRError(.fileNotFound, path: "\(localeFolder)/\(locale.folder)/LC_MESSAGES",
                           reason: "\(candidates.count) texts of \(language) in \(source.catalogs.joined(separator: ", ")).mo, not \(count): "
                               + (missing ? "apt-get install \(source.packages)" : "they hold no more; ask for fewer"))
        }
        return candidates.sorted { ($0.hash, $0.text) < ($1.hash, $1.text) }.prefix(count).map(\.text)
    }

    /// A Pango font with the language's letters, at 12 points: Noto's (Debian's fonts-noto-core
    /// and fonts-noto-cjk), whose Chinese, Japanese and Korean fonts differ in their Han forms.
    public static func font(for language: String) -> String {
        switch language {
        case "jpn": "Noto Sans CJK JP 12"
        case "chi_sim": "Noto Sans CJK SC 12"
        case "kor": "Noto Sans CJK KR 12"
        default: "Noto Sans 12"
        }
    }

    /// Whether a translation reads as a plain text of `length` characters in `script`, with at
    /// least `letters` letters of it.
    static func isPlain(_ text: String, script: Script?, length: ClosedRange<Int>, letters minimum: Int = 6) -> Bool {
        guard length.contains(text.count), !text.contains(where: { "%{}<>_&\\/`\"|=[]$@#*~^\n\t…".contains($0) }),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        else { return false }
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        guard let script else { return false }
        let inScript = letters.filter { Script(scalar: $0) == script || (script == .kana && Script(scalar: $0) == .han) }
        return Double(inScript.count) >= 0.8 * Double(letters.count) && inScript.count >= minimum
    }
}
