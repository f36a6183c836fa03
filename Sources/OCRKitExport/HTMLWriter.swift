import OCRKit

/// Writes pages as one HTML document of what they say, for people and for tools that take HTML:
/// each page a `section`, its paragraphs `p` (a line break between their lines), its tables
/// `table` (``OCRKit/Table/html``). Where the page's regions were read, titles are `h1` (the
/// page's first) and `h2`, lists `ul`, figures `figure`, headers `header`, footers and page
/// numbers `footer`. Unlike hOCR, it says nothing of where the text was. The document is also
/// well-formed XML.
///
/// ```swift
/// let writer = HTMLWriter()
/// let html = writer.header + writer.fragment(for: page, number: 1) + writer.footer
/// ```
public struct HTMLWriter: DocumentWriter {
    public init() {}

    public var header: String {
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\"/>\n<title>OCR</title>\n</head>\n<body>\n"
    }

    public var footer: String { "</body>\n</html>\n" }

    public func fragment(for page: Page, number: Int) -> String {
        let name = page.pageNumber.map { "\(page.image), page \($0)" } ?? page.image
        var titles = 0
        let elements: [String] = page.sections(table: \.html, paragraph: { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).xmlEscaped }.joined(separator: "<br/>\n")
        }).flatMap { section -> [String] in
            let texts = section.texts
            switch section.kind {
            case .title?:
                return texts.map { text in
                    defer { titles += 1 }
                    return titles == 0 ? "<h1>\(text)</h1>" : "<h2>\(text)</h2>"
                }
            case .list?: return ["<ul>" + texts.map { "<li>\($0)</li>" }.joined() + "</ul>"]
            case .figure?: return ["<figure>" + texts.map { "<p>\($0)</p>" }.joined() + "</figure>"]
            case .caption?: return texts.map { "<p class=\"caption\">\($0)</p>" }
            case .header?: return ["<header>" + texts.map { "<p>\($0)</p>" }.joined() + "</header>"]
            case .footer?, .pageNumber?: return ["<footer>" + texts.map { "<p>\($0)</p>" }.joined() + "</footer>"]
            default: return texts.map { $0.hasPrefix("<table>") ? $0 : "<p>\($0)</p>" }
            }
        }
        return "<section class=\"page\" id=\"page_\(number)\" title=\"\(name.xmlEscaped)\">\n"
            + elements.map { $0 + "\n" }.joined() + "</section>\n"
    }
}
