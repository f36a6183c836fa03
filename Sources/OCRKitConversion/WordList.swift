import Foundation
import OCRKit

/// The words of a language, one a line as the system's word lists give them (Debian's
/// `wamerican`, `wngerman`, `wfrench`... in `/usr/share/dict`, inflected forms included): what
/// tells a word broken at a line's end ("com-" / "pile") from one hyphenated in its own right
/// ("general-" / "purpose").
///
/// ```swift
/// let english = WordList.installed(for: Language("eng"))
/// let known = english?.contains("compile")   // true
/// ```
public struct WordList: Sendable {
    private let words: Set<String>

    /// A list of `words`, compared without regard to case.
    public init(_ words: some Sequence<String>) {
        self.words = Set(words.map { $0.lowercased() })
    }

    /// The list in the file at `path`, a word a line; a line's `/FLAGS` (hunspell's affixes) are left out.
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the file when it cannot be read.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OCRError(.notReadable, path: path, reason: "cannot read the word list")
        }
        let text = String(decoding: data, as: UTF8.self)
        self.init(text.split(whereSeparator: \.isNewline).map { line in line.split(separator: "/", maxSplits: 1).first.map(String.init) ?? "" })
    }

    /// Whether `word` is a word of the list, in any case.
    public func contains(_ word: String) -> Bool {
        words.contains(word.lowercased())
    }

    /// The list installed for `language` (a Tesseract code, `eng`), if the system has one:
    /// the first of its files in ``folder`` that exists.
    public static func installed(for language: Language) -> WordList? {
        for file in files[language.code] ?? [] {
            let path = folder + "/" + file
            if let list = try? WordList(contentsOf: path) { return list }
        }
        return nil
    }

    /// Where Debian's word lists are.
    public static let folder = "/usr/share/dict"

    /// Each language's word lists in ``folder``, and the Debian package that installs each
    /// (`wamerican` installs `american-english`).
    public static let files: [String: [String]] = [
        "eng": ["american-english", "british-english"], "deu": ["ngerman"], "fra": ["french"], "spa": ["spanish"],
        "ita": ["italian"], "por": ["portuguese", "brazilian"], "nld": ["dutch"], "swe": ["swedish"], "dan": ["danish"],
        "nor": ["bokmaal"], "pol": ["polish"], "cat": ["catalan"], "fin": ["finnish"], "bul": ["bulgarian"],
        "ukr": ["ukrainian"], "gle": ["irish"], "glg": ["galician"],
    ]
}
