import Foundation
import OCRKit
import OCRKitImages
import OCRKitPDF
import OCRKitStraighten
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// A searchable copy of a PDF: the document as it was, looked at as a viewer would, with text
/// over each page read where the page shows it.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .onThreadsOfTheirOwn, .heavy)
struct SearchableCopyTests {
    let folder: TemporaryFolder
    let reader: PageReader

    init() throws {
        folder = try TemporaryFolder()
        reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
    }

    private func copy(of path: String, pagesWithText: PagesWithText = .force, name: String) async throws -> (path: String, pages: [Page]) {
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(path), pagesWithText: pagesWithText, jobs: 2) { pages.append(page) }
        let copy = folder.file(name)
        try await SearchablePDF.write(pages, to: copy, decoder: reader.decoder)
        return (copy, pages)
    }

    /// The pages as a viewer shows them, as grey pixels at 40 dpi.
    private func pixels(of path: String) throws -> Data {
        let prefix = folder.file(UUID().uuidString)
        _ = try Tool.output("pdftoppm", ["-r", "40", "-gray", path, prefix])
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix((prefix as NSString).lastPathComponent) }.sorted()
        return pages.reduce(into: Data()) { $0 += FileManager.default.contents(atPath: folder.file($1)) ?? Data() }
    }

    /// The PDF's objects as text (qpdf's QDF form), to look for what it holds.
    private func objects(of path: String) throws -> String {
        try Tool.output("qpdf", ["--qdf", "--object-streams=disable", "--decode-level=none", path, "-"])
    }

    @Test func theCopyKeepsTheDocumentAndAddsTextAViewerFindsWhereThePageShowsIt() async throws {
        let path = folder.file("report.pdf")
        try TestDocuments.typeset([["Quarterly report for the board", "Revenue rose by nine percent"], ["Second page of the report"]],
                                  extras: [.title("Quarterly report"), .bookmark(title: "Summary", page: 1),
                                           .bookmark(title: "Details", page: 2), .link(uri: "https://example.org/report")],
                                  to: path)
        let (copy, pages) = try await copy(of: path, name: "report-ocr.pdf")
        #expect(pages.map(\.pageNumber) == [1, 2])

        #expect(try Tool.run("qpdf", ["--check", copy]).status == 0)
        #expect(try pixels(of: copy) == pixels(of: path), "the layer is invisible and the pages are drawn as before")
        #expect(try Tool.output("pdfinfo", [copy]).contains("Quarterly report"))
        let held = try objects(of: copy), original = try objects(of: path)
        for thing in ["/Title (Summary)", "/Title (Details)", "/URI (https://example.org/report)", "/Subtype /Link"] {
            #expect(held.components(separatedBy: thing).count == original.components(separatedBy: thing).count, "\(thing)")
        }
        let fonts = try Tool.output("pdffonts", [copy])
        #expect(fonts.contains("Helvetica") && fonts.contains("OCRKitGlyphless"))
    }

    /// A page whose text is drawn as shapes (so that only the layer holds text), cropped, and
    /// turned by `degrees` for showing: the layer's words must lie where the typeset page had its own.
    @Test(arguments: [0, 90, 180, 270])
    func turnedAndCroppedPagesGetTheirTextWhereAViewerShowsIt(degrees: Int) async throws {
        let typeset = folder.file("typeset.pdf"), outlined = folder.file("outlined.pdf")
        let expected = folder.file("expected.pdf"), path = folder.file("turned.pdf")
        try TestDocuments.typeset([["Upright once the page is turned", "and a second line below it"]],
                                  extras: [.cropBox([40, 500, 560, 780])], to: typeset)
        try TestDocuments.outlined(typeset, to: outlined)
        try TestDocuments.rotated(typeset, by: degrees, to: expected)
        try TestDocuments.rotated(outlined, by: degrees, to: path)
        #expect(try await reader.decoder.pages(of: .file(path)) == [FilePage(number: 1, text: .none)])

        let (copy, pages) = try await copy(of: path, pagesWithText: .skip, name: "turned-ocr.pdf")
        #expect(pages.flatMap(\.lines).map(\.text) == ["Upright once the page is turned", "and a second line below it"])
        let found = try WordBoxes(of: copy), typesetBoxes = try WordBoxes(of: expected)
        #expect(found.words.map(\.text) == typesetBoxes.words.map(\.text))
        for (layer, own) in zip(found.words, typesetBoxes.words) {
            #expect(abs(layer.rect.midX - own.rect.midX) < 3 && abs(layer.rect.midY - own.rect.midY) < 4,
                    "\(own.text) at \(degrees)°: \(layer.rect) against \(own.rect)")
        }
    }

    @Test func aScannedPDFKeepsItsImagesByteForByte() async throws {
        var tiffs: [String] = []
        for (index, text) in ["Invoice 2024-117 from the supplier", "Payment due within thirty days"].enumerated() {
            let path = folder.file("scan\(index).tif")
            try TestDocuments.scannedPage(text, to: path)
            tiffs.append(path)
        }
        let path = folder.file("scans.pdf")
        try TestDocuments.scans(tiffs, jpeg: true, to: path)
        let (copy, pages) = try await copy(of: path, pagesWithText: .skip, name: "scans-ocr.pdf")
        #expect(pages.map(\.text) == ["Invoice 2024-117 from the supplier", "Payment due within thirty days"])

        let before = folder.file("before"), after = folder.file("after")
        _ = try Tool.output("pdfimages", ["-all", path, before])
        _ = try Tool.output("pdfimages", ["-all", copy, after])
        for index in 0..<2 {
            let name = String(format: "-%03d.jpg", index)
            let original = try #require(FileManager.default.contents(atPath: before + name))
            #expect(FileManager.default.contents(atPath: after + name) == original)
        }
        let text = try PDFTools.pdftotext([copy, "-"])
        #expect(text.contains("Invoice 2024-117 from the supplier") && text.contains("Payment due within thirty days"))
        let sizes = try [path, copy].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as! Int }
        #expect(sizes[1] < sizes[0] + sizes[0] / 20 + 8_000, "the input, 5% and the text: \(sizes)")
    }

    @Test func readingACopyAgainReplacesItsLayerAndSkipsItOtherwise() async throws {
        let tiff = folder.file("scan.tif")
        try TestDocuments.scannedPage("Read twice, kept once", to: tiff)
        let path = folder.file("scan.pdf")
        try TestDocuments.scans([tiff], to: path)
        let (first, _) = try await copy(of: path, pagesWithText: .skip, name: "first.pdf")

        #expect(try await reader.decoder.pages(of: .file(first)) == [FilePage(number: 1, text: .ocrLayer)])
        let plan = try await reader.plan(.file(first))
        #expect(plan.read.isEmpty && plan.skipped.map(\.number) == [1])

        let (second, pages) = try await copy(of: first, pagesWithText: .redo, name: "second.pdf")
        #expect(pages.map(\.text) == ["Read twice, kept once"])
        #expect(try PDFTools.pdftotext([second, "-"]).components(separatedBy: "Read twice").count == 2, "one layer")
        #expect(try WordBoxes(of: second).boxes(of: "twice,").count == 1)
        #expect(try pixels(of: second) == pixels(of: path))
    }

    @Test func aPageScannedSidewaysIsShownUprightByItsRotationNotDrawnAgain() async throws {
        let scan = try TestDocuments.scannedPage("This page was fed into the scanner sideways", to: folder.file("upright.tif"))
        let sideways = folder.file("sideways.tif"), path = folder.file("sideways.pdf")
        try ImageWriter.write(scan.turned(clockwiseQuarterTurns: 1), to: sideways)
        try TestDocuments.scans([sideways], jpeg: true, to: path)
        let straightening = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine(),
                                       straightener: PageStraightener(orientationDetector: try TesseractOrientationDetector()))
        var pages: [Page] = []
        for try await page in straightening.pages(of: .file(path), options: RecognitionOptions(straightensPage: true)) { pages.append(page) }
        #expect(pages.map(\.text) == ["This page was fed into the scanner sideways"])
        #expect(pages.first?.straightening?.quarterTurns == 3)

        let copy = folder.file("upright.pdf")
        try await SearchablePDF.write(pages, to: copy, decoder: straightening.decoder, straightener: straightening.straightener)
        #expect(try Tool.output("pdfinfo", [copy]).contains("Page rot:        270"))
        #expect(try PDFTools.pdftotext([copy, "-"]).contains("This page was fed into the scanner sideways"))
        let before = folder.file("before"), after = folder.file("after")
        _ = try Tool.output("pdfimages", ["-all", path, before])
        _ = try Tool.output("pdfimages", ["-all", copy, after])
        #expect(FileManager.default.contents(atPath: after + "-000.jpg") == FileManager.default.contents(atPath: before + "-000.jpg"))
        // Shown upright by a viewer: as wide as the scan of one line of text, not as tall.
        let shown = folder.file("shown")
        _ = try Tool.output("pdftoppm", ["-r", "20", "-gray", "-singlefile", copy, shown])
        let image = try #require(FileManager.default.contents(atPath: shown + ".pgm"))
        let header = String(decoding: image.prefix(20), as: UTF8.self)
        let size = header.split(whereSeparator: \.isWhitespace).dropFirst().prefix(2).compactMap { Int($0) }
        #expect(size.count == 2 && size[0] > size[1] && scan.width > scan.height, "\(header)")
    }
}
