import Foundation
import OCRKit
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// PDFs and multi-page TIFFs read as documents: every page, in order, each saying which it is,
/// scans at their own resolution.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .onThreadsOfTheirOwn, .heavy)
struct DocumentReadingTests {
    let folder: TemporaryFolder
    let reader: PageReader

    init() throws {
        folder = try TemporaryFolder()
        reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
    }

    /// A scan of `text` as a TIFF, rendered at `dpi` and saying so.
    private func tiff(_ text: String, dpi: Int = 300, name: String) throws -> (path: String, bitmap: Bitmap) {
        let path = folder.file(name)
        return (path, try TestDocuments.scannedPage(text, dpi: dpi, to: path))
    }

    private func read(_ path: String, selection: PageSelection = .all, pagesWithText: PagesWithText = .skip) async throws -> [Page] {
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(path), selection: selection, pagesWithText: pagesWithText, jobs: 2) {
            pages.append(page)
        }
        return pages
    }

    @Test func everyPageOfATypesetPDFIsReadInOrderWhenAsked() async throws {
        let texts = ["First page of four", "Second page of four", "Third page of four", "Fourth page of four"]
        let path = folder.file("typeset.pdf")
        try TestDocuments.typeset(texts.map { [$0] }, to: path)

        let described = try #require(try await reader.decoder.pages(of: .file(path)))
        #expect(described.map(\.number) == [1, 2, 3, 4] && described.allSatisfy { $0.text == .native })
        #expect(try await read(path).isEmpty, "pages of text are kept as they are by default")

        let pages = try await read(path, pagesWithText: .force)
        #expect(pages.map(\.pageNumber) == [1, 2, 3, 4])
        #expect(pages.map(\.text) == texts)
        #expect(pages.allSatisfy { $0.image == path })

        let chosen = try await read(path, selection: try PageSelection("2,4-"), pagesWithText: .force)
        #expect(chosen.map(\.pageNumber) == [2, 4] && chosen.map(\.text) == [texts[1], texts[3]])

        await #expect { try await read(path, selection: try PageSelection("3-9"), pagesWithText: .force) } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.path == path && error.reason == "has 4 pages, and page 9 was asked for"
        }
    }

    /// A page kept rather than read gives the text it holds, where it is on the page, marked as
    /// the PDF's own; the boxes agree with what OCR finds on the page rendered.
    @Test func aPageHoldingTextGivesItWithItsBoxes() async throws {
        let path = folder.file("letter.pdf")
        try TestDocuments.typeset([["Dear reader,", "the text is typeset"]], to: path)
        let given = try #require(try await reader.decoder.embeddedText(ofPages: [1], of: .file(path))?.first)
        #expect(given.holdsEmbeddedText && given.pageNumber == 1 && given.image == path)
        #expect(given.lines.map(\.text) == ["Dear reader,", "the text is typeset"])
        #expect(given.lines.allSatisfy { $0.words.allSatisfy { $0.confidence == 1 } })
        let read = try #require(try await read(path, pagesWithText: .force).first)
        #expect(given.width == read.width && given.height == read.height, "the same page, at the same resolution")
        for (kept, ocr) in zip(given.lines, read.lines) {
            #expect(abs(kept.box.minX - ocr.box.minX) < 0.01 && abs(kept.box.midY - ocr.box.midY) < 0.01, "\(kept.box) \(ocr.box)")
        }
        #expect(try await reader.decoder.embeddedText(ofPages: [1], of: .file(folder.file("none.pdf"))) == nil,
                "no PDF there: nothing to tell")
        await #expect(throws: OCRError.self) { try await reader.decoder.embeddedText(ofPages: [1, 2], of: .file(path)) }
    }

    @Test func aScannedPageIsReadAtItsScansOwnResolution() async throws {
        let scan = try tiff("Scanned at two hundred dots an inch", dpi: 200, name: "scan.tif")
        let path = folder.file("scan.pdf")
        try TestDocuments.scans([scan.path], to: path)

        #expect(try await reader.decoder.pages(of: .file(path)) == [FilePage(number: 1, text: .none)])
        let bitmap = try await reader.decoder.decode(.file(path, page: 1), maximumSide: nil)
        #expect(bitmap.width == scan.bitmap.width && bitmap.height == scan.bitmap.height && bitmap.resolution == 200)
        #expect(bitmap.pixels == scan.bitmap.pixels, "the scan's own pixels, not a rendering of them")
        let pages = try await read(path)
        #expect(pages.map(\.text) == ["Scanned at two hundred dots an inch"])
        #expect(pages.first?.pageNumber == 1)

        // A page that is not one scan is rendered at the resolution asked for.
        let typeset = folder.file("typeset.pdf")
        try TestDocuments.typeset([["Typeset text"]], to: typeset)
        let loader = DocumentLoader(options: DocumentLoadingOptions(renderingResolution: 150))
        let rendered = try await loader.decode(.file(typeset, page: 1), maximumSide: nil)
        #expect(rendered.width == Int((595.0 / 72 * 150).rounded()), "an A4 page 595 points wide at 150 dpi")
    }

    @Test func aPageIsRenderedSmallerToKeepWithinThePixelLimit() async throws {
        let typeset = folder.file("typeset.pdf")
        try TestDocuments.typeset([["Typeset text"]], to: typeset)
        let loader = DocumentLoader(images: ImageLoader(options: ImageLoadingOptions(maximumPixelCount: 1_000_000)))
        let bitmap = try await loader.decode(.file(typeset, page: 1), maximumSide: nil)
        #expect(bitmap.width * bitmap.height <= 1_000_000 && bitmap.width * bitmap.height > 900_000)
    }

    @Test func everyPageOfAMultiPageTIFFIsReadInOrder() async throws {
        let texts = ["First scanned sheet", "Second scanned sheet", "Third scanned sheet"]
        let sheets = try texts.enumerated().map { try tiff($1, name: "sheet\($0).tif").path }
        let path = folder.file("sheets.tif")
        try TestDocuments.multiPageTIFF(sheets, to: path)

        let pages = try await read(path)
        #expect(pages.map(\.pageNumber) == [1, 2, 3])
        #expect(pages.map(\.text) == texts)
        // One page alone is an image, whose page has no number.
        #expect(try await read(sheets[0]).map(\.pageNumber) == [nil])
    }

    /// A PDF whose only encryption is of its attachments is read without a password, as viewers
    /// show it; one whose pages are encrypted too still needs it.
    @Test func aPDFWhoseAttachmentsAloneAreEncryptedIsReadWithoutAPassword() async throws {
        let path = folder.file("attachments.pdf")
        try TestDocuments.attachmentsEncrypted("Attachments locked", to: path)
        #expect(try await reader.decoder.pages(of: .file(path))?.map(\.text) == [.native])
        let pages = try await read(path, pagesWithText: .force)
        #expect(pages.map(\.text) == ["Attachments locked"])
        await #expect("a copy would carry attachments nothing could then decrypt") {
            try await SearchablePDF.write(pages, to: folder.file("copy.pdf"), decoder: reader.decoder)
        } throws: { error in
            (error as? OCRError)?.reason.contains("only its attachments are encrypted") == true
        }

        let locked = folder.file("locked.pdf")
        try TestDocuments.attachmentsEncrypted("Attachments locked", contentToo: true, to: locked)
        await #expect { try await reader.decoder.pages(of: .file(locked)) } throws: { error in
            (error as? OCRError)?.reason.contains("--password") == true
        }
    }

    @Test func anEncryptedPDFNeedsItsPassword() async throws {
        let scan = try tiff("Confidential scan", name: "secret.tif")
        let plain = folder.file("plain.pdf"), path = folder.file("secret.pdf")
        try TestDocuments.scans([scan.path], to: plain)
        try TestDocuments.encrypted(plain, password: "opensesame", to: path)

        await #expect { try await reader.decoder.pages(of: .file(path)) } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.path == path && error.code == .invalidOption && error.reason.contains("--password")
        }
        let unlocked = PageReader(decoder: DocumentLoader(options: DocumentLoadingOptions(password: "opensesame")),
                                  engine: reader.engine)
        var pages: [Page] = []
        for try await page in unlocked.pages(of: .file(path)) { pages.append(page) }
        #expect(pages.map(\.text) == ["Confidential scan"])
    }
}
