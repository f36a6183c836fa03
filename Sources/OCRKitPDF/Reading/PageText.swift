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
        let boxes = (0..<Int(count)).map { index in
            let rectangle = rectangles![index]
            return Rect(x: rectangle.x1, y: rectangle.y1, width: rectangle.x2 - rectangle.x1, height: rectangle.y2 - rectangle.y1)
        }
        let scale = resolution / 72
        var read = Page(image: path, width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())),
                        engine: engine, lines: lines(of: text, boxes: boxes, pageWidth: width, pageHeight: height, scale: scale))
        read.pageNumber = number
        return read
    }

    /// What marks a page of a PDF's own text.
    static let engine = EngineInfo(name: Page.embeddedTextEngine, version: "poppler " + String(cString: poppler_get_version()))

    /// The lines of `text`, each character's box in `boxes` (poppler gives one a character, line
    /// breaks included), in points from the page's top left; without them, the lines have the
    /// page's box.
    private static func lines(of text: String, boxes: [Rect], pageWidth: Double, pageHeight: Double, scale: Double) -> [Line] {
        let scalars = Array(text.unicodeScalars)
        let page = Rect(x: 0, y: 0, width: pageWidth, height: pageHeight)
        let hasBoxes = boxes.count == scalars.count
        func normalised(_ rect: Rect) -> Rect {
            Rect(x: rect.minX / pageWidth, y: rect.minY / pageHeight, width: rect.width / pageWidth, height: rect.height / pageHeight)
        }
        func pixels(_ rect: Rect) -> Quad {
            Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale).quad
        }
        var lines: [Line] = [], words: [Word] = []
        var word = "", wordBoxes: [Rect] = [], lineBox: Rect?
        func endWord() {
            guard !word.isEmpty else { return }
            let box = hasBoxes ? wordBoxes.dropFirst().reduce(wordBoxes[0]) { $0.union($1) } : page
            words.append(Word(text: word, confidence: 1, box: normalised(box), quad: pixels(box)))
            lineBox = lineBox.map { $0.union(box) } ?? box
            (word, wordBoxes) = ("", [])
        }
        func endLine() {
            endWord()
            guard let box = lineBox else { return }
            lines.append(Line(text: words.map(\.text).joined(separator: " "), confidence: 1, box: normalised(box), quad: pixels(box),
                              words: words))
            (words, lineBox) = ([], nil)
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" {
                endLine()
            } else if scalar.properties.isWhitespace {
                endWord()
            } else {
                word.unicodeScalars.append(scalar)
                if hasBoxes { wordBoxes.append(boxes[index]) }
            }
        }
        endLine()
        return lines
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?, path: String) -> OCRError {
        defer { if error != nil { g_error_free(error) } }
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        return OCRError(.corrupt, path: path, reason: "cannot read the PDF's text: \(message)")
    }
}
