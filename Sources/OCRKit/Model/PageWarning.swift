/// Something about how a page was read that whoever uses its text should know: that the page
/// holds text none of whose readings was sure enough to keep, so that an empty page is never
/// taken for a blank one; that its own text was damaged and OCR read it instead
/// (``Page/warnings``, `"warnings"` in its JSON).
///
/// ```swift
/// for warning in page.warnings {
///     print("\(page.image): \(warning.reason)")   // "scan.png: the page holds text that could not be read: ..."
/// }
/// ```
public struct PageWarning: Hashable, Sendable, Codable {
    /// What kind of warning, as JSON names it.
    public enum Code: String, Hashable, Sendable, Codable {
        /// The page holds text, and its reading kept none of it.
        case unreadText = "unread-text"
        /// The page's own text (a PDF's text layer) was damaged (``TextLayerDamage``), and the
        /// page was read by OCR instead.
        case damagedTextLayer = "damaged-text-layer"
    }

    public var code: Code
    /// The warning in a sentence for people, with its cause.
    public var reason: String

    public init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }
}
