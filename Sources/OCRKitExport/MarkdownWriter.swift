import OCRKit

/// Writes a document converted whole as Markdown (CommonMark, with GitHub's pipe tables and
/// footnotes), as pipelines feeding documents to language models take it: headings at the
/// document's own levels, paragraphs whole across lines, columns and pages, lists, code blocks
/// as printed, captions in italics, footnotes as `[^1]: ...` and referred to as `[^1]` where
/// the text marks them, each table as a pipe table, or as HTML where its cells span rows or
/// columns, which a pipe table cannot say, each figure as an image of its caption
/// (`![Figure 2. Sales](figures/report-p3-f1.png)`) where its picture is written to
/// ``figuresFolder``, else as its caption. Running headers, footers and page numbers are left
/// out unless ``keepsMargins``.
///
/// ```swift
/// let markdown = MarkdownWriter().document(for: pages)
/// ```
public struct MarkdownWriter: PartWriter {
    /// Whether headers, footers and page numbers are written (as paragraphs) rather than left out.
    public var keepsMargins: Bool
    /// The folder the figures' pictures are written to (``OCRKit/Figure/fileName``), as the
    /// document links them: relative to the document's own folder, or absolute; `nil` when they
    /// are not written.
    public var figuresFolder: String?

    public init(keepsMargins: Bool = false, figuresFolder: String? = nil) {
        self.keepsMargins = keepsMargins
        self.figuresFolder = figuresFolder
    }

    public var header: String { "" }

    public func footer(after written: PartsWritten) -> String { "" }

    /// Nothing: a list ends where a blank line comes before the next part.
    public func closingLists(after written: PartsWritten) -> String { "" }

    public func text(of part: DocumentPart, after written: PartsWritten) -> String {
        guard let markdown = markdown(of: part) else { return "" }
        // Items of one list, and of the lists nested in it, are one list: no blank line between them.
        let previous = written.openItems.last
        let sameList = part.kind == .list && previous.map { previous in
            previous.level != part.level || previous.marker.map(ListMarker.isOrdered) == part.marker.map(ListMarker.isOrdered)
        } == true
        let between = written.last == nil || sameList ? "" : "\n"
        return between + markdown + "\n"
    }

    /// How far a nested list's items are indented for each level: past its parent's marker
    /// (`1.`, `10.`, `- a)`) and less than a code block's indent further.
    static let nestedListIndent = 4

    /// One part's Markdown, `nil` for furniture left out.
    private func markdown(of part: DocumentPart) -> String? {
        let text = part.text.split(separator: "\n").joined(separator: " ")
        let written = part.linkingFootnotes(in: text, escape: { Self.escaped($0) }, reference: { "[^\($0)]" })
        switch part.kind {
        case .title: return String(repeating: "#", count: max(1, min(part.level, 6))) + " " + written
        case .list:
            return String(repeating: " ", count: Self.nestedListIndent * max(0, part.level - 1)) + Self.listMarker(part.marker) + " " + written
        case .code:
            // A fence longer than any run of backticks in the code, which would end a shorter one.
            let longest = part.text.split { $0 != "`" }.map(\.count).max() ?? 0
            let fence = String(repeating: "`", count: max(3, longest + 1))
            return fence + "\n" + part.text + "\n" + fence
        case .table: return part.table.map(Self.markdown) ?? Self.escaped(part.text)
        case .caption: return "*" + written + "*"
        case .footnote: return "[^\(part.marker ?? "note")]: " + Self.escaped(text)
        case .figure:
            guard let link = figuresFolder.flatMap({ folder in part.figure.map { Self.destination($0.path(in: folder)) } }) else {
                return text.isEmpty ? nil : "*" + Self.escaped(text) + "*"
            }
            return "![" + Self.escaped(text) + "](" + link + ")"
        case let kind where kind.isMargin: return keepsMargins ? Self.escaped(text) : nil
        default: return written
        }
    }

    /// How a list item's marker as printed is written: a number as it is (`3.`), a letter after
    /// a bullet (`- a)`), a bullet as `-`.
    static func listMarker(_ printed: String?) -> String {
        guard let printed, ListMarker.isOrdered(printed) else { return "-" }
        return printed.first!.isNumber ? printed : "- " + printed
    }

    /// `path` as a link's destination: in angle brackets where it holds a space, a bracket or
    /// a parenthesis, which would end a bare one.
    static func destination(_ path: String) -> String {
        guard path.contains(where: { " ()<>".contains($0) }) else { return path }
        return "<" + path.replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: ">", with: "\\>") + ">"
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

    /// `text` with what Markdown would take for markup escaped: emphasis, code, links and HTML
    /// anywhere; headings, lists and rules at a line's start; pipes in a table.
    static func escaped(_ text: String, inTable: Bool = false) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var escaped = ""
            for character in line {
                if "\\`*_[]<>".contains(character) || (inTable && character == "|") { escaped.append("\\") }
                escaped.append(character)
            }
            // In a cell, nothing starts a block; on a line of its own, "# " to "###### ", "- ",
            // "+ ", a rule ("---", "===") or "1. " would.
            guard !inTable else { return escaped }
            let hashes = escaped.prefix { $0 == "#" }.count
            if let first = escaped.first, "#+-=".contains(first),
               escaped.dropFirst(first == "#" ? min(hashes, 6) : 1).first == " " || escaped.allSatisfy({ $0 == first || $0 == " " }) {
                escaped = "\\" + escaped
            }
            if let match = escaped.firstMatch(of: /^(\d{1,9})([.)])(\s|$)/) {
                escaped = match.1 + "\\" + escaped.dropFirst(match.1.count)
            }
            return escaped
        }.joined(separator: "\n")
    }
}
