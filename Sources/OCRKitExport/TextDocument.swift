import Foundation
import OCRKit
import OCRKitConversion

/// Writes pages as one document in a textual ``OutputFormat`` (every form but `pdf`, which
/// OCRKitDocuments' `DocumentOutput` writes with the pages' images), a page at
/// a time as they are read: ``add(_:)`` gives what goes out for each page, ``ending()`` what closes
/// the document.
///
/// One page alone is written as itself: text without a header, JSON as an object. Several are
/// text under a `==> image <==` header a page, a JSON array, JSON lines a page a line, one hOCR or
/// ALTO document. Markdown and HTML are the document converted whole
/// (``OCRKitConversion/DocumentConverter``): a page's parts go out once the pages after it tell
/// what they are, a few pages behind. Pages of several documents (two PDFs) are each
/// document converted on its own, one after the other: no paragraph, running header or scale of
/// headings is one document's and the next's. Image files one after another are one document's
/// pages (a book scanned to PNGs).
///
/// ```swift
/// var document = TextDocument(format: .json, isSinglePage: pages.count == 1)!
/// var output = ""
/// for page in pages { output += try document.add(page) }
/// output += document.ending()
/// ```
public struct TextDocument: Sendable {
    public let format: OutputFormat
    public let isSinglePage: Bool
    /// Whether text marks flagged words with their alternatives (`ocr read --mark-flagged`).
    public let marksFlaggedWords: Bool
    /// Whether Markdown and HTML keep running headers, footers and page numbers (`ocr read --keep-margins`).
    public let keepsMargins: Bool
    /// The folder Markdown and HTML link figures' pictures in (``MarkdownWriter/figuresFolder``).
    public let figuresFolder: String?
    private let writer: (any DocumentWriter)?
    /// Markdown's or HTML's writer, and what converts the pages into parts for it.
    private let partWriter: (any PartWriter)?
    private var converter = DocumentConverter()
    /// The parts written, which the next is written after.
    private var writtenParts = PartsWritten()
    /// The last page added. Its ``OCRKit/Page/image`` names its document, the same for all its
    /// pages; its source does not: the queue gives each page the image it stored of it.
    private var lastPage: (image: String, pageNumber: Int?)?
    private var written = 0

    /// A document in `format`; `nil` for `pdf`, which is not text.
    public init?(format: OutputFormat, isSinglePage: Bool, marksFlaggedWords: Bool = false, keepsMargins: Bool = false,
                 figuresFolder: String? = nil) {
        if format == .pdf { return nil }
        self.format = format
        self.isSinglePage = isSinglePage
        self.marksFlaggedWords = marksFlaggedWords
        self.keepsMargins = keepsMargins
        self.figuresFolder = figuresFolder
        writer = switch format {
        case .hocr: HOCRWriter()
        case .alto: ALTOWriter()
        case .text, .json, .jsonl, .markdown, .html, .pdf: nil
        }
        partWriter = switch format {
        case .markdown: MarkdownWriter(keepsMargins: keepsMargins, figuresFolder: figuresFolder)
        case .html: HTMLWriter(keepsMargins: keepsMargins, figuresFolder: figuresFolder)
        default: nil
        }
    }

    /// What goes out for `page`, the next in the document.
    public mutating func add(_ page: Page) throws -> String {
        defer { written += 1 }
        switch format {
        case .text:
            let text = marksFlaggedWords ? page.textMarkingFlaggedWords : page.text
            let body = text.isEmpty ? "" : text + "\n"
            if isSinglePage { return body }
            let name = page.pageNumber.map { "\(page.image), page \($0)" } ?? page.image
            return (written > 0 ? "\n" : "") + "==> \(name) <==\n" + body
        case .jsonl:
            return String(decoding: try page.jsonData(), as: UTF8.self) + "\n"
        case .json:
            let json = String(decoding: try page.jsonData(pretty: true), as: UTF8.self)
            return isSinglePage ? json + "\n" : (written == 0 ? "[\n" : ",\n") + json
        case .markdown, .html:
            guard let partWriter else { return "" }
            var text = written == 0 ? partWriter.header : ""
            if let last = lastPage, last.image != page.image, last.pageNumber != nil || page.pageNumber != nil {
                // Another document: the last one's parts still held go out first, its lists closed.
                text += parts(converter.finish(), by: partWriter) + partWriter.closingLists(after: writtenParts)
                writtenParts.endLists()
                converter = DocumentConverter()
            }
            lastPage = (page.image, page.pageNumber)
            return text + parts(converter.add(page), by: partWriter)
        case .hocr, .alto, .pdf:   // a document of pdf is never made
            guard let writer else { return "" }
            return (written == 0 ? writer.header : "") + writer.fragment(for: page, number: written + 1)
        }
    }

    /// What closes the document: a JSON array's bracket, an hOCR or ALTO document's end, the
    /// last pages' parts of Markdown or HTML.
    public mutating func ending() -> String {
        switch format {
        case .json where !isSinglePage:
            return written == 0 ? "[]\n" : "\n]\n"
        case .markdown, .html:
            guard let partWriter else { return "" }
            return (written == 0 ? partWriter.header : "") + parts(converter.finish(), by: partWriter) + partWriter.footer(after: writtenParts)
        case .hocr, .alto:
            return writer.map { (written == 0 ? $0.header : "") + $0.footer } ?? ""
        default:
            return ""
        }
    }

    /// `parts`, the next of the document, as `partWriter` writes them.
    private mutating func parts(_ parts: [DocumentPart], by partWriter: any PartWriter) -> String {
        var text = ""
        for part in parts {
            let partText = partWriter.text(of: part, after: writtenParts)
            guard !partText.isEmpty else { continue }
            text += partText
            writtenParts.append(part)
        }
        return text
    }

    /// `pages` as a whole document in `format`.
    ///
    /// - Throws: an ``OCRKit/OCRError/Code/invalidOption`` for `pdf`, which is not text.
    public static func of(_ pages: [Page], format: OutputFormat) throws -> String {
        guard var document = TextDocument(format: format, isSinglePage: pages.count == 1) else {
            throw OCRError(.invalidOption, reason: "a PDF is not text: OCRKitDocuments' DocumentOutput writes it with the pages' images")
        }
        return try pages.map { try document.add($0) }.joined() + document.ending()
    }
}
