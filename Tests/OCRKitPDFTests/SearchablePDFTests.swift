import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OCRKit
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// The words pdftotext finds, with their boxes in points from the page's top left.
private final class BoundingBoxes: NSObject, XMLParserDelegate {
    var words: [(text: String, rect: Rect, page: Int)] = []
    private var pages = 0
    private var current: Rect?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        if name == "page" { pages += 1 }
        guard name == "word", let xMin = attributes["xMin"].flatMap(Double.init), let yMin = attributes["yMin"].flatMap(Double.init),
              let xMax = attributes["xMax"].flatMap(Double.init), let yMax = attributes["yMax"].flatMap(Double.init) else { return }
        current = Rect(x: xMin, y: yMin, width: xMax - xMin, height: yMax - yMin)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "word", let rect = current { words.append((text, rect, pages)) }
        current = nil
    }
}

@Suite(.enabled(if: Poppler.isInstalled, Poppler.missingReason))
struct SearchablePDFTests {
    @Test func theTextLayerHoldsEveryWordWhereTheImageShowsIt() async throws {
        let engine = try TesseractEngine()
        let texts = ["Searchable page one\nwith a second line", "Page two says\nhello again"]
        let pdf = try SearchablePDF()
        var pages: [Page] = []
        for text in texts {
            let bitmap = try TextRenderer.render(text, margin: 80)
            let page = try await engine.read(bitmap, options: RecognitionOptions())
            #expect(page.text == text)
            try pdf.addPage(page, jpeg: try ImageWriter.jpegData(bitmap))
            pages.append(page)
        }
        let folder = try TemporaryFolder()
        let path = try folder.write(try pdf.data(), to: "searchable.pdf")

        let extracted = try Poppler.pdftotext(["-layout", path, "-"])
        for text in texts {
            for line in text.split(separator: "\n") { #expect(extracted.contains(line), "\(line) in \(extracted)") }
        }

        let parser = XMLParser(data: Data(try Poppler.pdftotext(["-bbox", path, "-"]).utf8))
        let boxes = BoundingBoxes()
        parser.delegate = boxes
        #expect(parser.parse())
        let expected = pages.enumerated().flatMap { number, page in page.words.map { ($0, number + 1) } }
        #expect(boxes.words.map(\.text) == expected.map(\.0.text))
        for (found, (word, number)) in zip(boxes.words, expected) {
            let points = word.quad.boundingRect.scaled(width: 72.0 / 300, height: 72.0 / 300)
            #expect(found.page == number)
            #expect(abs(found.rect.minX - points.minX) < 2 && abs(found.rect.maxX - points.maxX) < 2, "\(word.text)")
            #expect(abs(found.rect.midY - (points.minY + points.height / 2)) < 3, "\(word.text)")
        }
    }

    @Test func pagesReadFromFilesAreWrittenOverTheirImagesAndAFailedWriteKeepsTheOldDocument() async throws {
        let folder = try TemporaryFolder()
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())
        var pages: [Page] = []
        for (number, text) in ["First page of two", "Second page of two"].enumerated() {
            let image = folder.file("page\(number).png")
            try ImageWriter.write(try TextRenderer.render(text, margin: 60), to: image)
            pages.append(try await reader.read(image))
        }
        let path = folder.file("two.pdf")
        try await SearchablePDF.write(pages, to: path, decoder: reader.decoder, straightener: reader.straightener)
        let written = try Poppler.pdftotext([path, "-"])
        let first = try #require(written.range(of: "First page of two")), second = try #require(written.range(of: "Second page of two"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))

        // An image gone since it was read: the error names it, and the document written before stays whole.
        try FileManager.default.removeItem(atPath: pages[1].image)
        await #expect { try await SearchablePDF.write(pages, to: path, decoder: reader.decoder, straightener: nil) } throws: {
            ($0 as? OCRError)?.path == pages[1].image
        }
        #expect(try Poppler.pdftotext([path, "-"]) == written)
    }

    @Test func aMissingFontIsAClearError() {
        #expect { try SearchablePDF(fontPath: "/nonexistent/font.ttf") } throws: {
            ($0 as? OCRError)?.path == "/nonexistent/font.ttf"
        }
    }
}
