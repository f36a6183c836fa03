import OCRKit

/// Writes pages as Markdown (CommonMark, with GitHub's pipe tables), as pipelines feeding
/// documents to language models take them: paragraphs in reading order; each table as a pipe
/// table, or as HTML where its cells span rows or columns, which a pipe table cannot say. Where
/// the page's regions were read (``OCRKit/Page/regions``), titles are headings (the page's first
/// `#`, the others `##`), lists are lists, captions are in italics, a figure is a placeholder,
/// and headers, footers and page numbers are left out unless ``keepsMargins``. Pages are separated
/// by a thematic break (`---`).
///
/// ```swift
/// let markdown = MarkdownWriter().document(for: [page])
/// ```
public struct MarkdownWriter: DocumentWriter {
    /// Whether headers, footers and page numbers are written (as paragraphs) rather than left out.
    public var keepsMargins: Bool

    public init(keepsMargins: Bool = false) {
        self.keepsMargins = keepsMargins
    }

    public var header: String { "" }
    public var footer: String { "" }

    public func fragment(for page: Page, number: Int) -> String {
        var blocks: [String] = []
        var titles = 0
        for section in page.sections(table: Self.markdown, paragraph: { Self.escaped($0) }) {
            switch section.kind {
            case .title?:
                blocks += section.texts.map { text in
                    defer { titles += 1 }
                    return (titles == 0 ? "# " : "## ") + text.split(separator: "\n").joined(separator: " ")
                }
            case .list?:
                blocks.append(section.texts.map { "- " + Self.withoutBullet($0).split(separator: "\n").joined(separator: " ") }
                    .joined(separator: "\n"))
            case .caption?:
                blocks += section.texts.map { "*" + $0.split(separator: "\n").joined(separator: " ") + "*" }
            case .figure?:
                blocks.append("*[Figure]*")
                blocks += section.texts
            case let kind? where kind.isMargin && !keepsMargins:
                continue
            default:
                blocks += section.texts
            }
        }
        return (number > 1 ? "\n---\n\n" : "") + blocks.map { $0 + "\n" }.joined(separator: "\n")
    }

    /// The pages as one Markdown document.
    public func document(for pages: [Page]) -> String {
        header + pages.enumerated().map { fragment(for: $1, number: $0 + 1) }.joined() + footer
    }

    /// A table as a pipe table, its first row the header; as HTML when a cell spans.
    static func markdown(_ table: Table) -> String {
        guard !table.hasSpans, table.rowCount > 0, table.columnCount > 0 else { return table.html }
        let rows = table.fields.map { row in
            "| " + row.map { escaped($0.split(separator: "\n").joined(separator: " "), inTable: true) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + String(repeating: " --- |", count: table.columnCount)
        return ([rows[0], rule] + rows.dropFirst()).joined(separator: "\n")
    }

    /// A list item's text without the bullet it was printed with, which Markdown's `- ` replaces.
    static func withoutBullet(_ escapedText: String) -> String {
        // The bullet may have been escaped ("\\- item"), as a line starting with it would start a list.
        let text = escapedText.hasPrefix("\\") ? String(escapedText.dropFirst()) : escapedText
        guard let first = text.first, "•◦▪‣●○■□–—-*·".contains(first), text.dropFirst().first?.isWhitespace ?? false else { return text }
        return String(text.dropFirst(2))
    }

    /// `text` with what Markdown would take for markup escaped: emphasis, code, links and HTML
    /// anywhere; headings, lists and rules at a line's start; pipes in a table.
    static func escaped(_ text: String, inTable: Bool = false) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var escaped = ""
            for character in line {
                if "\\`*_[]<>".contains(character) || (inTable && character == "|") { escaped.append("\\") }
                escaped.append(character)
            }
            // In a cell, nothing starts a block; on a line of its own, "# ", "- ", "+ ", a rule
            // ("---", "===") or "1. " would.
            guard !inTable else { return escaped }
            if let first = escaped.first, "#+-=".contains(first),
               escaped.dropFirst().first == " " || escaped.allSatisfy({ $0 == first || $0 == " " }) {
                escaped = "\\" + escaped
            }
            if let match = escaped.firstMatch(of: /^(\d{1,9})([.)])(\s|$)/) {
                escaped = match.1 + "\\" + escaped.dropFirst(match.1.count)
            }
            return escaped
        }.joined(separator: "\n")
    }
}
