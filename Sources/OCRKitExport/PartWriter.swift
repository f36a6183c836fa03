import OCRKit
import OCRKitConversion

/// Writes a document converted whole (``OCRKitConversion/DocumentConverter``) part by part, so
/// that it goes out as its pages are read: ``header``, then ``text(of:after:)`` for each part in
/// order, then ``footer(after:)``; what a part is written after (``PartsWritten``) holds the
/// parts written, not those left out (furniture).
///
/// ```swift
/// let writer = MarkdownWriter()
/// var written = PartsWritten()
/// var document = writer.header
/// for part in parts {
///     let text = writer.text(of: part, after: written)
///     guard !text.isEmpty else { continue }
///     document += text
///     written.append(part)
/// }
/// document += writer.footer(after: written)
/// ```
public protocol PartWriter: Sendable {
    var header: String { get }
    /// What `part` is written as, after the parts `written` before it: what lies between them
    /// included (a list's end, a blank line); empty for a part left out.
    func text(of part: DocumentPart, after written: PartsWritten) -> String
    /// What ends the document after the parts `written`.
    func footer(after written: PartsWritten) -> String
    /// What closes the lists open after the parts `written` (``PartsWritten/openItems``), where
    /// a document ends and another goes on in the same output.
    func closingLists(after written: PartsWritten) -> String
}

extension PartWriter {
    /// `parts` as one document.
    public func document(of parts: [DocumentPart]) -> String {
        var written = PartsWritten()
        var document = header
        for part in parts {
            let text = text(of: part, after: written)
            guard !text.isEmpty else { continue }
            document += text
            written.append(part)
        }
        return document + footer(after: written)
    }

    /// `pages`, a document's in order, converted whole (``OCRKitConversion/DocumentConverter``)
    /// and written as one document.
    public func document(for pages: [Page]) -> String {
        var converter = DocumentConverter()
        var parts: [DocumentPart] = []
        for page in pages { parts += converter.add(page) }
        return document(of: parts + converter.finish())
    }
}
