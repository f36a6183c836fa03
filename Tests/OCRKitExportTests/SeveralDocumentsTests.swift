import OCRKit
import OCRKitExport
import Testing

/// Markdown of several documents at once (`ocr read --format markdown a.pdf b.pdf`, `ocr results`):
/// each document converted whole on its own, one after the other.
struct SeveralDocumentsTests {
    /// A page of one paragraph whose lines fill the column: its sentence runs on at the page's end.
    private static func page(_ texts: [String], image: String, pageNumber: Int?) -> Page {
        let lines = texts.enumerated().map { row, text in
            let box = Rect(x: 0.1, y: 0.1 + 0.02 * Double(row), width: 0.8, height: 0.015)
            let quad = box.scaled(width: 1000, height: 1400).quad
            return Line(text: text, confidence: 0.9, box: box, quad: quad, words: [Word(text: text, confidence: 0.9, box: box, quad: quad)])
        }
        var page = Page(image: image, width: 1000, height: 1400, engine: EngineInfo(name: "test", version: "1"), layout: [[lines]])
        page.pageNumber = pageNumber
        return page
    }

    private static let first = ["The first paragraph is printed in full lines and runs on to", "the end of its page, where it breaks off in the middle of"]
    private static let second = ["its sentence, which the next page takes up in small letters."]

    /// A sentence running off one PDF's last page is not taken up by the next PDF's first.
    @Test func aDocumentsLastParagraphDoesNotGoOnInTheNext() throws {
        let markdown = try TextDocument.of([Self.page(Self.first, image: "a.pdf", pageNumber: 1),
                                            Self.page(Self.second, image: "b.pdf", pageNumber: 1)], format: .markdown)
        #expect(markdown == Self.first.joined(separator: " ") + "\n\n" + Self.second.joined(separator: " ") + "\n")
    }

    /// Image files one after another are one document's pages: the sentence goes on.
    @Test func imageFilesOneAfterAnotherAreOneDocument() throws {
        let markdown = try TextDocument.of([Self.page(Self.first, image: "scan-1.png", pageNumber: nil),
                                            Self.page(Self.second, image: "scan-2.png", pageNumber: nil)], format: .markdown)
        #expect(markdown == (Self.first + Self.second).joined(separator: " ") + "\n")
    }

    /// A list that ends one document and one that opens the next are two lists.
    @Test func aDocumentsLastListIsClosedBeforeTheNextDocumentsList() throws {
        let pages = [Self.page(["• the first document ends in a list item"], image: "a.pdf", pageNumber: 1),
                     Self.page(["• the second document opens with one"], image: "b.pdf", pageNumber: 1)]
        let html = try TextDocument.of(pages, format: .html)
        #expect(html.components(separatedBy: "<ul>").count == 3 && html.components(separatedBy: "</ul>").count == 3, "\(html)")
        let markdown = try TextDocument.of(pages, format: .markdown)
        #expect(markdown == "- the first document ends in a list item\n\n- the second document opens with one\n")
    }
}
