internal import CPoppler
import Foundation
import OCRKit

/// The text a PDF's page already holds (typeset, or an earlier OCR layer) as a page of lines and
/// words with their boxes, through poppler: what a document's pages that are kept rather than
/// read give, so that reading a document gives all of its text. Such a page is marked by its
/// engine, `pdf-text` (``OCRKit/Page/holdsEmbeddedText``), its confidence 1.
///
/// Threading: a poppler document is made, used and dropped within one call, on the calling
/// thread, which must not be one of Swift's cooperative threads (the loader runs it off them).
enum PageText {
    /// Pages `numbers` (from 1) of the PDF `document`, in that order, their pixel sizes at
    /// `resolution` dots per inch: the document is opened once for them all, which costs more
    /// than taking one page's text.
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the document when poppler cannot open it or has no such page.
    static func pages(_ numbers: [Int], of document: DocumentSource, password: String?, resolution: Double) throws -> [Page] {
        let path = document.name
        var error: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer?
        switch document {
        case .file(let path):
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard let uri = g_filename_to_uri(absolute, nil, &error) else { throw failure(error, path: path) }
            defer { g_free(uri) }
            opened = poppler_document_new_from_file(uri, password, &error)
        case .contents(let contents, _):
            // GBytes copies the bytes, which poppler reads for as long as the document lives.
            let bytes = contents.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(bytes) }
            opened = poppler_document_new_from_bytes(bytes, password, &error)
        }
        guard let opened else { throw failure(error, path: path) }
        defer { g_object_unref(UnsafeMutableRawPointer(opened)) }
        return try numbers.map { number in
            guard number >= 1, number <= Int(poppler_document_get_n_pages(opened)),
                  let page = poppler_document_get_page(opened, Int32(number - 1)) else {
                throw OCRError(.invalidOption, path: path, reason: "has no page \(number)")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(page)) }
            var read = self.page(page, number: number, path: path, resolution: resolution)
            read.source = PageSource(document, page: number)
            return read
        }
    }

    /// `page`, page `number` of the PDF at `path`, as a page of lines.
    private static func page(_ page: OpaquePointer, number: Int, path: String, resolution: Double) -> Page {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        var text = ""
        if let characters = poppler_page_get_text(page) {
            text = String(cString: characters)
            g_free(characters)
        }
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?, count: guint = 0
        _ = poppler_page_get_text_layout(page, &rectangles, &count)
        defer { g_free(rectangles) }
        let characters = (0..<Int(count)).map { index in
            let rectangle = rectangles![index]
            return Rect(x: rectangle.x1, y: rectangle.y1, width: rectangle.x2 - rectangle.x1, height: rectangle.y2 - rectangle.y1)
        }
        let scale = resolution / 72
        let layer = Layer(text: text, characterBoxes: characters, fonts: fonts(of: page),
                          size: Rect(x: 0, y: 0, width: width, height: height), scale: scale)
        var read = Page(image: path, width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())),
                        engine: engine, lines: layer.lines())
        read.pageNumber = number
        return read
    }

    /// What marks a page of a PDF's own text.
    static let engine = EngineInfo(name: Page.embeddedTextEngine, version: "poppler " + String(cString: poppler_get_version()))

    /// The fonts of `page`'s text, as runs of its characters (indices into `poppler_page_get_text`).
    private static func fonts(of page: OpaquePointer) -> [(characters: ClosedRange<Int>, font: Font)] {
        guard let list = poppler_page_get_text_attributes(page) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        var runs: [(characters: ClosedRange<Int>, font: Font)] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let attributes = current.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self).pointee,
               attributes.start_index <= attributes.end_index {
                let name = attributes.font_name.map { String(cString: $0) } ?? ""
                runs.append((Int(attributes.start_index)...Int(attributes.end_index), Font(named: name, size: attributes.font_size)))
            }
            node = current.pointee.next
        }
        return runs
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, path: String) -> OCRError {
        defer { if error != nil { g_error_free(error) } }
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        return OCRError(.corrupt, path: path, reason: "cannot read the PDF's text: \(message)")
    }
}
