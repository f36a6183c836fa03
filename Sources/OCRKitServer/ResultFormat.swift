import Foundation
import OCRKit
import OCRKitExport
import OCRKitPDF

/// The forms a read page is answered in: those `ocr read --format` writes.
public enum ResultFormat: String, CaseIterable, Sendable {
    case json, jsonl, text, hocr, alto, pdf

    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .jsonl: "application/x-ndjson"
        case .text: "text/plain; charset=utf-8"
        case .hocr: "text/html; charset=utf-8"
        case .alto: "application/xml"
        case .pdf: "application/pdf"
        }
    }

    /// The extension of a file holding a result in this form, for downloads.
    public var fileExtension: String {
        switch self {
        case .json, .jsonl: rawValue
        case .text: "txt"
        case .hocr: "hocr"
        case .alto: "xml"
        case .pdf: "pdf"
        }
    }

    /// Whether the form shows words' alternatives, which cost a read about a tenth of its time.
    var showsAlternatives: Bool { self != .text }

    /// `pages` as one document in this form: JSON an object for one page and an array for
    /// several, JSON lines a page a line, text with a header a page when there are several.
    /// A PDF decodes each page's image again with `images`, straightening it again with
    /// `straightener` if it was read straightened.
    func document(of pages: [Page], images: any ImageDecoder, straightener: (any ImageStraightener)?) async throws -> [UInt8] {
        switch self {
        case .json:
            if pages.count == 1 { return Array(try pages[0].jsonData(pretty: true)) }
            let objects = try pages.map { String(decoding: try $0.jsonData(pretty: true), as: UTF8.self) }
            return Array(("[\n" + objects.joined(separator: ",\n") + "\n]\n").utf8)
        case .jsonl:
            return try pages.flatMap { Array(try $0.jsonData()) + [UInt8(ascii: "\n")] }
        case .text:
            if pages.count == 1 { return Array((pages[0].text.isEmpty ? "" : pages[0].text + "\n").utf8) }
            return Array(pages.map { page in
                let name = page.pageNumber.map { "\(page.image), page \($0)" } ?? page.image
                return "==> \(name) <==\n" + (page.text.isEmpty ? "" : page.text + "\n")
            }
                .joined(separator: "\n").utf8)
        case .hocr, .alto:
            let writer: any DocumentWriter = self == .hocr ? HOCRWriter() : ALTOWriter()
            return Array(writer.document(for: pages).utf8)
        case .pdf:
            return try await SearchablePDF.data(of: pages, decoder: images, straightener: straightener)
        }
    }
}
