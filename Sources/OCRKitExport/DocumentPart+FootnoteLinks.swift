import OCRKit

extension DocumentPart {
    /// `text`, the part's text as a writer lays it out, escaped by `escape`, with each footnote
    /// the part refers to (``OCRKit/DocumentPart/footnoteMarks``) written by `reference` at its
    /// mark in place of the raised mark: one rule for Markdown's `[^1]` and HTML's link.
    func linkingFootnotes(in text: String, escape: (String) -> String, reference: (String) -> String) -> String {
        var text = text
        // Each reference held by a character of Unicode's private use area while the text is
        // escaped, which escaping leaves alone.
        var held: [(placeholder: String, mark: String)] = []
        for mark in footnoteMarks {
            guard let range = FootnoteMark.reference(to: mark, in: text),
                  let placeholder = Unicode.Scalar(0xF0000 + UInt32(held.count)).map(String.init) else { continue }
            text.replaceSubrange(range, with: placeholder)
            held.append((placeholder, mark))
        }
        return held.reduce(escape(text)) { $0.replacingOccurrences(of: $1.placeholder, with: reference($1.mark)) }
    }
}
