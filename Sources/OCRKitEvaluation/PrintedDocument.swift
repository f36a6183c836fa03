import Foundation
import OCRKit

/// A document to print and read back, with its truth: its parts (``OCRKit/DocumentPart``) as
/// HTML and CSS a browser prints to PDF (headless Chromium prints `@page` margin boxes, so
/// running headers and page numbers are real text of every page), in one or more columns,
/// justified, long words given soft hyphens so that lines break inside them as typesetting does.
///
/// ```swift
/// let paper = PrintedDocument(parts: parts, columns: 2, runningHeader: "GNU General Public License",
///                             footnote: (mark: "1", text: "Printed for a test."))
/// print(paper.html)   // for `chromium --headless --print-to-pdf=paper.pdf paper.html`
/// ```
public struct PrintedDocument: Sendable {
    /// The document's parts, in order: its truth.
    public var parts: [DocumentPart]
    public var columns: Int
    /// Text printed at the top of every page, if any; every page's number is printed at its foot.
    public var runningHeader: String?
    /// A note printed at the foot of the first page, in small type, its mark first.
    public var footnote: (mark: String, text: String)?

    public init(parts: [DocumentPart], columns: Int = 1, runningHeader: String? = nil, footnote: (mark: String, text: String)? = nil) {
        self.parts = parts
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
            body { font-family: "DejaVu Serif", serif; font-size: 10pt; line-height: 1.3; column-count: \(columns); column-gap: 0.8cm; text-align: justify; hyphens: manual }
            h1 { column-span: all; text-align: center } h1, h2, h3 { text-align: left; hyphens: none }
            pre { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; white-space: pre-wrap; text-align: left }
            """
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><style>\n\(style)\n</style></head><body>\n"
            + body + "</body></html>\n"
    }

    private var body: String {
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
                html += "<li>\(hyphenated(part.text))</li>\n"
            case .code:
                html += "<pre>\(escaped(part.text))</pre>\n"
            default:
                html += "<p>\(hyphenated(part.text))</p>\n"
            }
        }
        return html + (openList ? "</ol>\n" : "")
    }

    /// `text` escaped, with a soft hyphen in the middle of each word of ten letters or more:
    /// where a justified line breaks inside it, the browser prints a hyphen.
    private func hyphenated(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard word.count >= 10, word.allSatisfy(\.isLetter) else { return escaped(String(word)) }
            let middle = word.index(word.startIndex, offsetBy: word.count / 2)
            return escaped(String(word[..<middle])) + "&shy;" + escaped(String(word[middle...]))
        }.joined(separator: " ")
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private func cssEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
