import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Testing

/// `--straighten` and `ocr scan --document`: photos of pages, and documents of them.
@Suite(.heavy(hangGuard: .seconds(600)), .onThreadsOfTheirOwn) struct DocumentCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A photo of a page of `text` on a table, tilted and at an angle, upright; and its page's corners.
    private func writePhoto(_ text: String, to name: String, number: Int = 0) throws -> (path: String, photo: DocumentPhoto) {
        var simulation = DocumentPhotoSimulation(seed: 21)
        simulation.turnedShare = 0
        let page = try TextRenderer.render(text, font: "DejaVu Sans 12", dpi: 200, margin: 50)
        let photo = simulation.photo(of: page, number: number)
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try ImageWriter.write(photo.bitmap, to: path)
        return (path, photo)
    }

    @Test func readStraightenStraightensAPhotoAndRecordsItsCorners() async throws {
        let (path, photo) = try writePhoto("Receipt 0042\nTotal 17.50 EUR", to: "photo.png")
        let result = try await ocr(["read", "--straighten", "--engine", "tesseract", "--format", "json", path])
        #expect(result.status == 0, "\(result.errors)")
        let page = try Page(jsonData: result.outputData)
        let straightening = try #require(page.straightening, "the JSON records the straightening")
        let corners = try #require(straightening.corners)
        #expect(photo.page.match(corners).distance < 0.015 * hypot(Double(photo.bitmap.width), Double(photo.bitmap.height)))
        #expect(page.text == "Receipt 0042\nTotal 17.50 EUR")
        #expect(page.width < photo.bitmap.width && page.height < photo.bitmap.height, "the page, not the photo")

        let plain = try await ocr(["read", "--engine", "tesseract", "--format", "json", path])
        #expect(try Page(jsonData: plain.outputData).straightening == nil)
        #expect(!plain.output.contains("straightening"))
    }

    @Test func readStraightenNamesABrokenFileAndReadsTheRest() async throws {
        let (good, _) = try writePhoto("Still read", to: "good.png")
        let broken = try folder.write(Array("\u{89}PNG\r\n\u{1A}\n truncated".utf8), to: "broken.png")
        let result = try await ocr(["read", "--straighten", "--engine", "tesseract", broken, good])
        #expect(result.status == 1)
        #expect(result.errors.contains(broken))
        #expect(result.output.contains("Still read"))
    }

    @Test(.enabled(if: hasPDFToText, "needs pdftotext (poppler-utils)"))
    func scanDocumentWritesOnePDFInFileNameOrder() async throws {
        // Named so that a plain sort would put page10 before page2.
        for (number, (name, words)) in [("page1", "first"), ("page2", "second"), ("page10", "tenth")].enumerated() {
            _ = try writePhoto("The \(words) page", to: "pages/\(name).png", number: number)
        }
        let database = folder.file("queue.sqlite"), document = folder.file("letter")
        let result = try await ocr(["scan", "--document", document, "--straighten", "--engine", "tesseract", "--db", database,
                              folder.file("pages")])
        #expect(result.status == 0, "\(result.errors)")
        let pages = try pdfPages(document + ".pdf")
        #expect(pages == ["The first page", "The second page", "The tenth page"], "\(pages)")
        #expect(try await ocr(["status", "--db", database]).output.contains("document \(document).pdf"))

        // Killed after its last page and before the PDF: the next scan writes it.
        try FileManager.default.removeItem(atPath: document + ".pdf")
        #expect(try await ocr(["scan", "--db", database]).status == 0)
        #expect(try pdfPages(document + ".pdf").count == 3)
    }

    @Test func aDocumentWithAnUnreadablePageIsNotWritten() async throws {
        _ = try writePhoto("First page", to: "pages/1.png")
        _ = try folder.write(Array("not an image".utf8), to: "pages/2.png")
        let database = folder.file("queue.sqlite"), document = folder.file("broken.pdf")
        let result = try await ocr(["scan", "--document", document, "--engine", "tesseract", "--db", database, folder.file("pages")])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(document) not written: 1 of its 2 pages were not read"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: document))
    }

    @Test func aDocumentThatCannotBeWrittenIsRefusedBeforeReading() async throws {
        _ = try writePhoto("Never read", to: "pages/1.png")
        let database = folder.file("queue.sqlite"), document = folder.file("no/such/folder/letter")
        let result = try await ocr(["scan", "--document", document, "--engine", "tesseract", "--db", database, folder.file("pages")])
        #expect(result.status != 0)
        #expect(result.errors.contains("\(document).pdf: cannot write the document"), "\(result.errors)")
        #expect(try await ocr(["status", "--db", database]).output.contains("is empty"), "nothing was queued")
    }

    @Test func documentNeedsPages() async throws {
        let result = try await ocr(["scan", "--document", "letter", "--db", folder.file("queue.sqlite")])
        #expect(result.status != 0)
        #expect(result.errors.contains("--document needs the images or folder"))
    }
}
