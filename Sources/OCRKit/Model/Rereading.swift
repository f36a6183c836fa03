/// A reading of a page again that was kept over its first: why the page's text is not what its
/// engine first read of it (``Page/rereadings``, `"rereadings"` in its JSON), as a live scanner
/// says why it holds a value. The policies that read pages again and the rules by which each
/// reading is kept are `OCRKitEngines`' (`ScriptAwareEngine`, `TesseractPageEngine`).
///
/// ```swift
/// let page = try await reader.read(path)
/// if page.rereadings.contains(.upright) { print("read again upright:", page.straightening!.quarterTurns) }
/// ```
public enum Rereading: String, Hashable, Sendable, Codable, CaseIterable {
    /// An image of one line read again as a line: page segmentation found pieces of it, or none.
    case oneLine = "one-line"
    /// A page that page segmentation broke into pieces (Korean's syllables taken for columns)
    /// read again as one column.
    case oneColumn = "one-column"
    /// A page turned a quarter or upside down read again upright (``Page/straightening`` has the turn).
    case upright
    /// Lines read again in the languages of the script they are written in (``Page/languages``).
    case script
    /// A page read again in the language its letters say (German's ä, ö, ü and ß).
    case language
}
