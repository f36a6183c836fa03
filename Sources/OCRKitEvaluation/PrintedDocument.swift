import Foundation
import Ink
import OCRKit

/// A document to print and read back: HTML and CSS a browser prints to PDF (headless Chromium
/// prints `@page` margin boxes, so running headers and page numbers are real text of every page),
/// in one or more columns, justified, long words of its paragraphs given soft hyphens so that
/// lines break inside them as typesetting does. Its body comes from a document's parts
/// (``OCRKit/DocumentPart``) or from Markdown, which Ink turns into HTML, tables included.
///
/// ```swift
/// let paper = PrintedDocument(parts: parts, columns: 2, runningHeader: "GNU General Public License",
///                             footnote: (mark: "1", text: "Printed for a test."))
/// print(paper.html)   // for `chromium --headless --print-to-pdf=paper.pdf paper.html`
/// ```
public struct PrintedDocument: Sendable {
    /// The document's body as HTML, before soft hyphens are added.
    public var body: String
    public var columns: Int
    /// The white between columns, in CSS units: 0.8 cm by default; LaTeX's two columns are
    /// `10pt` apart, CSS's `1em`.
    public var columnGap = "0.8cm"
    /// Text printed at the top of every page, if any; every page's number is printed at its foot.
    public var runningHeader: String?
    /// A note printed at the foot of the first page, in small type, its mark first.
    public var footnote: (mark: String, text: String)?
    /// Words of the body (a phrase of a paragraph as written) after whose first place the
    /// footnote's mark is printed small and raised (`<sup>`), as the text refers to it.
    public var footnoteReference: String?

    /// Words of this many letters or more in paragraphs and list items get a soft hyphen.
    public static let hyphenatedLength = 10

    public init(parts: [DocumentPart], columns: Int = 1, runningHeader: String? = nil, footnote: (mark: String, text: String)? = nil) {
        self.init(body: Self.body(of: parts), columns: columns, runningHeader: runningHeader, footnote: footnote)
    }

    /// The document Ink makes of `markdown`.
    public init(markdown: String, columns: Int = 1, runningHeader: String? = nil) {
        self.init(body: MarkdownParser().html(from: markdown), columns: columns, runningHeader: runningHeader)
    }

    init(body: String, columns: Int, runningHeader: String?, footnote: (mark: String, text: String)? = nil) {
        self.body = body
        self.columns = columns
        self.runningHeader = runningHeader
        self.footnote = footnote
    }

    /// The document as one HTML page to print.
    public var html: String {
        var margins = "@bottom-center { content: counter(page); font-size: 9pt }"
        if let runningHeader { margins += " @top-center { content: \"\(cssEscaped(runningHeader))\"; font-size: 9pt }" }
        var first = ""
        if let footnote {
            first = "@page :first { @bottom-left { content: \"\(cssEscaped(footnote.mark + " " + footnote.text))\"; "
                + "font-size: 7.5pt; width: 60%; vertical-align: top; text-align: left } }"
        }
        let style = """
            @page { size: A4; margin: 2cm 1.8cm; \(margins) }
            \(first)
            body { font-family: "DejaVu Serif", serif; font-size: 10pt; line-height: 1.3; column-count: \(columns); column-gap: \(columnGap); text-align: justify; hyphens: manual }
            h1 { column-span: all; text-align: center } h1, h2, h3, h4, h5, h6 { text-align: left; hyphens: none }
            pre { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; white-space: pre-wrap; overflow-wrap: break-word; text-align: left }
            table { border-collapse: collapse; table-layout: fixed; width: 100%; margin: 0.6em 0; font-size: 8.5pt; text-align: left; overflow-wrap: break-word }
            td, th { border: 0.5pt solid #777; padding: 2pt 4pt; vertical-align: top }
            """
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><style>\n\(style)\n</style></head><body>\n"
            + softHyphenated(referencingFootnote(body)) + "</body></html>\n"
    }

    /// `body` with the footnote's mark raised after the first place of ``footnoteReference``.
    private func referencingFootnote(_ body: String) -> String {
        let reference = footnoteReference.map(Self.escaped)
        guard let footnote, let reference, let range = body.range(of: reference) else { return body }
        return body.replacingCharacters(in: range, with: reference + "<sup>\(Self.escaped(footnote.mark))</sup>")
    }

    /// The words printed broken by a hyphen at a line's end, as `text` (the PDF's text, as
    /// pdftotext gives it) shows them: each of the body's hyphenated words whose first half ends
    /// a line and whose second half starts the next, once for each time.
    public func brokenWords(inPrintedText text: String) -> [String] {
        let hyphenated = Set(Self.words(ofHTML: body).filter(Self.isHyphenated).map(String.init))
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        var broken: [String] = []
        for (line, next) in zip(lines, lines.dropFirst()) {
            // Chromium's text layer ends such a line with the soft hyphen and a hyphen (U+2010).
            let hyphens: Set<Character> = ["-", "\u{AD}", "\u{2010}"]
            guard let hyphen = line.last, hyphens.contains(hyphen) else { continue }
            let first = line.reversed().drop { hyphens.contains($0) }.prefix { $0.isLetter }.reversed()
            let second = next.split(separator: " ").first.map { $0.prefix { $0.isLetter } } ?? ""
            let word = String(first) + second
            if hyphenated.contains(word) { broken.append(word) }
        }
        return broken
    }

    private static func body(of parts: [DocumentPart]) -> String {
        var html = ""
        var openList = false
        for part in parts {
            if openList && part.kind != .list {
                html += "</ol>\n"
                openList = false
            }
            switch part.kind {
            case .title:
                let level = max(1, min(part.level, 6))
                html += "<h\(level)>\(escaped(part.text))</h\(level)>\n"
            case .list:
                if !openList { html += "<ol type=\"a\">\n" }
                openList = true
                html += "<li>\(escaped(part.text))</li>\n"
            case .code:
                html += "<pre>\(escaped(part.text))</pre>\n"
            default:
                html += "<p>\(escaped(part.text))</p>\n"
            }
        }
        return html + (openList ? "</ol>\n" : "")
    }

    /// `html` with a soft hyphen in the middle of each long word of its paragraphs and list
    /// items, outside code: where a justified line breaks inside it, the browser prints a hyphen.
    private func softHyphenated(_ html: String) -> String {
        var result = "", text = ""
        var inProse = 0, inCode = 0
        func flush() {
            guard inProse > 0, inCode == 0 else { result += text; text = ""; return }
            result += text.split(separator: " ", omittingEmptySubsequences: false).map { word in
                guard Self.isHyphenated(word) else { return String(word) }
                let middle = word.index(word.startIndex, offsetBy: word.count / 2)
                return String(word[..<middle]) + "&shy;" + String(word[middle...])
            }.joined(separator: " ")
            text = ""
        }
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            flush()
            let close = rest[open...].firstIndex(of: ">") ?? rest.index(before: rest.endIndex)
            let tag = rest[open...close]
            let name = tag.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            let step = tag.hasPrefix("</") ? -1 : 1
            if ["p", "li"].contains(name) { inProse += step }
            if ["pre", "code"].contains(name) { inCode += step }
            result += tag
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        flush()
        return result
    }

    private static func isHyphenated(_ word: Substring) -> Bool {
        word.count >= hyphenatedLength && word.allSatisfy(\.isLetter)
    }

    /// The words of `html`'s text, split at white space and tags.
    private static func words(ofHTML html: String) -> [Substring] {
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression).split(whereSeparator: \.isWhitespace)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private func cssEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
