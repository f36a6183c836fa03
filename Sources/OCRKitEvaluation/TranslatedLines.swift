import Foundation
import OCRKit

/// Lines of real text in a language, taken from the translations Debian's packages install
/// (GLib's and GTK's gettext catalogues, in every language they are translated into): the truth
/// of the language tests and of `ocr bench languages`, written by translators rather than typed
/// into a test.
///
/// ```swift
/// let russian = try TranslatedLines.lines(in: "rus", count: 8)
/// print(russian[0])   // a sentence of GLib's, in Russian
/// ```
public enum TranslatedLines {
    /// The locale folders of the languages lines can be taken in, by Tesseract code.
    public static let locales: [String: String] = [
        "eng": "en_GB", "deu": "de", "fra": "fr", "spa": "es", "por": "pt", "pol": "pl", "ces": "cs", "tur": "tr",
        "rus": "ru", "ukr": "uk", "ell": "el", "ara": "ar", "heb": "he", "hin": "hi", "tha": "th", "kor": "ko",
        "jpn": "ja", "chi_sim": "zh_CN",
    ]

    /// The catalogues read, in order: GLib's (Debian's libglib2.0-data) and GTK 3's
    /// (libgtk-3-common), each translated into about a hundred languages.
    public static let catalogs = ["glib20", "gtk30"]

    /// Where the catalogues are installed.
    public static let localeFolder = "/usr/share/locale"

    /// `count` lines in `language` (a Tesseract code of ``locales``), each one message of the
    /// catalogues: plain text of 12 to 40 characters, mostly letters of the language's script,
    /// without format directives, markup or keyboard mnemonics. The same lines every time, in an
    /// order that mixes the catalogues' messages (by a hash of the original).
    ///
    /// - Throws: ``OCRKit/OCRError`` when the language has no catalogue installed or too few lines.
    public static func lines(in language: String, count: Int) throws -> [String] {
        guard let locale = locales[language] else {
            throw OCRError(.invalidOption, reason: "no translations are known for \(language); known: "
                + locales.keys.sorted().joined(separator: ", "))
        }
        let script = Language(language).scripts.first
        var seen = Set<String>(), candidates: [(hash: UInt64, text: String)] = []
        for catalog in catalogs {
            let path = "\(localeFolder)/\(locale)/LC_MESSAGES/\(catalog).mo"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            for (original, translation) in try GettextCatalog(contentsOf: path).translations {
                let text = translation.trimmingCharacters(in: .whitespaces)
                guard isPlain(text, script: script), seen.insert(text).inserted else { continue }
                candidates.append((fnv1a(original), text))
            }
        }
        guard candidates.count >= count else {
            throw OCRError(.fileNotFound, path: "\(localeFolder)/\(locale)/LC_MESSAGES",
                           reason: "\(candidates.count) lines of \(language) in \(catalogs.joined(separator: ", ")).mo, not \(count): "
                               + "apt-get install libglib2.0-data libgtk-3-common")
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

    /// Whether a translation reads as a plain line of text in `script`.
    static func isPlain(_ text: String, script: Script?) -> Bool {
        guard (12...40).contains(text.count), !text.contains(where: { "%{}<>_&\\/`\"|=[]$@#*~^\n\t…".contains($0) }),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        else { return false }
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        guard let script else { return false }
        let inScript = letters.filter { Script(scalar: $0) == script || (script == .kana && Script(scalar: $0) == .han) }
        return Double(inScript.count) >= 0.8 * Double(letters.count) && inScript.count >= 6
    }

    /// FNV-1a: a hash that stays the same from run to run, unlike Swift's.
    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
