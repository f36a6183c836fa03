import OCRKit
import OCRKitConversion

/// Writes a document converted whole (``OCRKitConversion/DocumentConverter``) part by part, so
/// that it goes out as its pages are read: ``header``, then ``text(of:after:)`` for each part in
/// order, then ``footer(after:)``; what a part is written after is the last part written, not one
/// left out (furniture).
///
/// ```swift
/// let writer = MarkdownWriter()
/// var previous: DocumentPart?
/// var document = writer.header
/// for part in parts {
///     let text = writer.text(of: part, after: previous)
///     if !text.isEmpty { (document, previous) = (document + text, part) }
/// }
/// document += writer.footer(after: previous)
/// ```
public protocol PartWriter: Sendable {
    var header: String { get }
    /// What `part` is written as, after `previous`, the last part written before it (`nil` for
    /// the first): what lies between them included (a list's end, a blank line); empty for a
    /// part left out.
    func text(of part: DocumentPart, after previous: DocumentPart?) -> String
    /// What ends the document after its last part, `last`.
    func footer(after last: DocumentPart?) -> String
}

extension PartWriter {
    /// `parts` as one document.
    public func document(of parts: [DocumentPart]) -> String {
        var previous: DocumentPart?
        var document = header
        for part in parts {
            let written = text(of: part, after: previous)
            if !written.isEmpty { (document, previous) = (document + written, part) }
        }
        return document + footer(after: previous)
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
