/// Text found on a page in a script that no installed language reads: what would read it, and
/// the package that installs that. A page that holds such text says so
/// (``Page/missingLanguages``), rather than pass off what an engine made of it as the page's text
/// without a word.
///
/// ```swift
/// for missing in page.missingLanguages {
///     print("\(missing.script.name) text: apt-get install \(missing.package)")
/// }
/// ```
public struct MissingLanguage: Hashable, Sendable, Codable {
    /// The script found.
    public var script: Script
    /// The Tesseract language that would read it: the script's ``Script/defaultLanguage``.
    public var language: String
    /// The Debian package that installs ``language``.
    public var package: String

    /// What reads `script`, by default.
    public init(script: Script) {
        self.script = script
        language = script.defaultLanguage
        package = Language(script.defaultLanguage).package
    }
}
