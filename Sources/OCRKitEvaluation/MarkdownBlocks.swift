import Foundation
import Ink

/// A Markdown document's blocks as a reader sees them: headings and their levels, paragraphs,
/// list items, code and tables, each with its plain text. Conversion is scored on them, the
/// truth's and a converter's alike: both are parsed by Ink, so the same Markdown gives the same
/// blocks whoever wrote it.
///
/// ```swift
/// let blocks = MarkdownBlock.blocks(ofMarkdown: "# Title\n\nOne *short* paragraph.\n")
/// // [heading(level: 1) "Title", paragraph "One short paragraph."]
/// ```
public struct MarkdownBlock: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case heading(level: Int)
        case paragraph
        /// One item of a list, without the text of the lists nested in it.
        case item
        case code
        case table
    }

    public var kind: Kind
    /// The block's text, its inline markup gone, runs of white space one space (code keeps its
    /// line breaks).
    public var text: String
    /// A table's HTML, header cells written as `td` as TEDS compares them; `nil` for other blocks.
    public var tableHTML: String?

    public init(kind: Kind, text: String, tableHTML: String? = nil) {
        self.kind = kind
        self.text = text
        self.tableHTML = tableHTML
    }

    /// The blocks of `markdown`, in order.
    public static func blocks(ofMarkdown markdown: String) -> [MarkdownBlock] {
        blocks(ofHTML: MarkdownParser().html(from: markdown))
    }

    /// The blocks of HTML as Ink writes it: `h1`-`h6`, `p`, `li`, `pre` and `table` elements, in
    /// order; a paragraph inside a list item or a table cell is part of that item or table.
    public static func blocks(ofHTML html: String) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var searchFrom = html.startIndex
        while let open = html.range(of: #"<(h[1-6]|p|li|pre|table)(\s[^>]*)?>"#, options: .regularExpression, range: searchFrom..<html.endIndex) {
            let tag = String(html[open].dropFirst().prefix { $0.isLetter || $0.isNumber })
            let ends = tag == "li" ? ["</li>", "<ul", "<ol", "<li"] : ["</\(tag)>"]
            let end = ends.compactMap { html.range(of: $0, range: open.upperBound..<html.endIndex)?.lowerBound }.min() ?? html.endIndex
            let content = String(html[open.upperBound..<end])
            switch tag {
            case "table":
                let table = content.replacingOccurrences(of: #"<th(?=[\s>])"#, with: "<td", options: .regularExpression)
                    .replacingOccurrences(of: "</th>", with: "</td>")
                blocks.append(MarkdownBlock(kind: .table, text: plainText(content), tableHTML: "<table>" + table + "</table>"))
            case "pre":
                blocks.append(MarkdownBlock(kind: .code, text: plainText(content, keepingLines: true)))
            case "li":
                blocks.append(MarkdownBlock(kind: .item, text: plainText(content)))
            case "p":
                blocks.append(MarkdownBlock(kind: .paragraph, text: plainText(content)))
            default:
                blocks.append(MarkdownBlock(kind: .heading(level: Int(String(tag.dropFirst())) ?? 1), text: plainText(content)))
            }
            // A list item's nested lists are blocks of their own; anything else is read whole.
            searchFrom = tag == "li" ? end : (html.range(of: "</\(tag)>", range: end..<html.endIndex)?.upperBound ?? html.endIndex)
        }
        return blocks.filter { !$0.text.isEmpty || $0.kind == .table }
    }

    /// `html`'s text: tags removed (a line break and a table cell's end a space), the entities
    /// Ink writes decoded.
    static func plainText(_ html: String, keepingLines: Bool = false) -> String {
        let spaced = html.replacingOccurrences(of: #"<br\s*/?>|</t[dh]>"#, with: " ", options: .regularExpression)
        var text = spaced.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        if keepingLines {
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
                .joined(separator: "\n").trimmingCharacters(in: .newlines)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
