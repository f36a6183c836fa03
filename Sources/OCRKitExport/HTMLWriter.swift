import OCRKit

/// Writes a document converted whole as HTML, for people and for tools that take HTML:
/// headings `h1` to `h6` at the document's own levels, paragraphs `p` whole across lines,
/// columns and pages, lists `ul` or `ol`, code `pre`, tables `table` (``OCRKit/Table/html``),
/// captions `p class="caption"`, footnotes `aside`, linked from the text that marks them,
/// figures `figure` with their captions, an `img` where their pictures are written to
/// ``figuresFolder``. Running headers, footers and page numbers are left out unless
/// ``keepsMargins`` (then `header` and `footer`). Unlike hOCR, it says nothing of where the
/// text was. The document is also well-formed XML.
///
/// ```swift
/// let html = HTMLWriter().document(for: pages)
/// ```
public struct HTMLWriter: PartWriter {
    /// Whether headers, footers and page numbers are written rather than left out.
    public var keepsMargins: Bool
    /// The folder the figures' pictures are written to, as the document links them (see
    /// ``MarkdownWriter/figuresFolder``); `nil` when they are not written.
    public var figuresFolder: String?

    public init(keepsMargins: Bool = false, figuresFolder: String? = nil) {
        self.keepsMargins = keepsMargins
        self.figuresFolder = figuresFolder
    }

    public var header: String {
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\"/>\n<title>OCR</title>\n</head>\n<body>\n"
    }

    public func footer(after written: PartsWritten) -> String { closingLists(after: written) + "</body>\n</html>\n" }

    public func closingLists(after written: PartsWritten) -> String { Self.closing(written.openItems) }

    public func text(of part: DocumentPart, after written: PartsWritten) -> String {
        guard let element = element(of: part) else { return "" }
        guard part.kind == .list else { return Self.closing(written.openItems) + element + "\n" }
        // An item's `li` stays open until the next part: a list nested in it goes inside.
        let open = written.openItems
        let level = min(max(part.level, 1), open.count + 1)
        var text = Self.closing(open.dropFirst(level))
        if level <= open.count {
            let sibling = open[level - 1]
            if Self.isOrdered(sibling) == Self.isOrdered(part) { return text + "</li>\n" + element }
            text += Self.closing([sibling])
        } else if !open.isEmpty {
            text += "\n"
        }
        return text + (Self.isOrdered(part) ? "<ol>\n" : "<ul>\n") + element
    }

    /// One part's element, `nil` for furniture left out.
    private func element(of part: DocumentPart) -> String? {
        let text = part.text.xmlEscaped
        let written = part.linkingFootnotes(in: part.text, escape: \.xmlEscaped) { mark in
            "<sup><a href=\"#\(Self.footnoteID(mark))\">\(mark.xmlEscaped)</a></sup>"
        }
        switch part.kind {
        case .title:
            let level = max(1, min(part.level, 6))
            return "<h\(level)>\(written)</h\(level)>"
        case .list: return "<li>\(written)"
        case .code: return "<pre><code>\(text)</code></pre>"
        case .table: return part.table?.html ?? "<p>\(text)</p>"
        case .caption: return "<p class=\"caption\">\(written)</p>"
        case .footnote:
            guard let marker = part.marker else { return "<aside class=\"footnote\">\(text)</aside>" }
            return "<aside class=\"footnote\" id=\"\(Self.footnoteID(marker))\"><sup>\(marker.xmlEscaped)</sup> \(text)</aside>"
        case .figure:
            let image = figuresFolder.flatMap { folder in part.figure.map { "<img src=\"\($0.path(in: folder).xmlEscaped)\" alt=\"\(text)\"/>" } }
            guard image != nil || !text.isEmpty else { return nil }
            return "<figure>" + (image ?? "") + (text.isEmpty ? "" : "<figcaption>\(text)</figcaption>") + "</figure>"
        case .header: return keepsMargins ? "<header><p>\(text)</p></header>" : nil
        case .footer, .pageNumber: return keepsMargins ? "<footer><p>\(text)</p></footer>" : nil
        default: return "<p>\(written)</p>"
        }
    }

    /// The `id` of the footnote marked `mark`, which the text's reference to it links to.
    private static func footnoteID(_ mark: String) -> String {
        // A symbol (`*`, `†`) by its code point, which a link's fragment needs no escaping for.
        "footnote-" + mark.unicodeScalars.map { ("0"..."9").contains($0) ? String($0) : "u" + String($0.value, radix: 16) }.joined()
    }

    private static func isOrdered(_ part: DocumentPart?) -> Bool {
        part?.marker.map { ListMarker.isOrdered($0) } ?? false
    }

    /// What closes the lists whose last items, outermost first, are `items`: each item's `li`
    /// and then its list, innermost first.
    private static func closing(_ items: some Collection<DocumentPart>) -> String {
        items.reversed().map { "</li>\n" + (isOrdered($0) ? "</ol>\n" : "</ul>\n") }.joined()
    }
}
