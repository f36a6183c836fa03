import OCRKit

/// Writes pages as Markdown (CommonMark, with GitHub's pipe tables), as pipelines feeding
/// documents to language models take them: paragraphs in reading order, each table as a pipe
/// table, or as HTML where its cells span rows or columns, which a pipe table cannot say. Pages
/// are separated by a thematic break (`---`).
///
/// ```swift
/// let markdown = MarkdownWriter().document(for: [page])
/// ```
public struct MarkdownWriter: DocumentWriter {
    public init() {}

    public var header: String { "" }
    public var footer: String { "" }

    public func fragment(for page: Page, number: Int) -> String {
        (number > 1 ? "\n---\n\n" : "") + page.blockTexts(table: Self.markdown, paragraph: { Self.escaped($0) })
            .map { $0 + "\n" }.joined(separator: "\n")
    }

    /// The pages as one Markdown document.
    public func document(for pages: [Page]) -> String {
        header + pages.enumerated().map { fragment(for: $1, number: $0 + 1) }.joined() + footer
    }

    /// A table as a pipe table, its first row the header; as HTML when a cell spans.
    static func markdown(_ table: Table) -> String {
        guard !table.hasSpans, table.rowCount > 0, table.columnCount > 0 else { return table.html }
        let grid = table.grid
        let rows = grid.map { row in
            "| " + row.map { index in
                index.map { escaped(table.cells[$0].text.split(separator: "\n").joined(separator: " "), inTable: true) } ?? ""
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + String(repeating: " --- |", count: table.columnCount)
        return ([rows[0], rule] + rows.dropFirst()).joined(separator: "\n")
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
