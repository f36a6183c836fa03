import OCRKit

/// Writes pages as one HTML document of what they say, for people and for tools that take HTML:
/// each page a `section`, its paragraphs `p` (a line break between their lines), its tables
/// `table` (``OCRKit/Table/html``). Unlike hOCR, it says nothing of where the text was.
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
        let blocks = page.blockTexts(table: \.html) { text in
            "<p>" + text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).xmlEscaped }
                .joined(separator: "<br/>\n") + "</p>"
        }
        return "<section class=\"page\" id=\"page_\(number)\" title=\"\(name.xmlEscaped)\">\n"
            + blocks.map { $0 + "\n" }.joined() + "</section>\n"
    }
}
