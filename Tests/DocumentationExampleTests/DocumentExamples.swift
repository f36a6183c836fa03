import Foundation
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// The examples of documents of pages: PDFs in, searchable PDFs out.
@Suite(.enabled(if: samplesAreHere && PDFTools.isInstalled, "runs from the package's folder with scripts/setup's PDF tools"), .onThreadsOfTheirOwn, .heavy)
struct DocumentExamples {
    let folder: TemporaryFolder
    /// A PDF of three typeset pages.
    let scanPath: String
    let searchablePath: String
    let reader: PageReader

    init() throws {
        folder = try TemporaryFolder()
        scanPath = folder.file("scan.pdf")
        searchablePath = folder.file("scan-ocr.pdf")
        try TestDocuments.typeset([["Page one of three"], ["Page two of three"], ["Page three of three"]], to: scanPath)
        reader = PageReader(decoder: DocumentLoader(images: ImageLoader()), engine: try TesseractEngine())
    }

    @Test func filePage() async throws {
        var native: [Int] = []
        // Example from Sources/OCRKit/Documents/FilePage.swift
        for page in try await reader.decoder.pages(of: .file(scanPath)) ?? [] where page.text == .native {
            print("page \(page.number) already has text")
            native.append(page.number)
        }
        #expect(native == [1, 2, 3])
    }

    @Test func pageSelection() throws {
        // Example from Sources/OCRKit/Documents/PageSelection.swift
        let selection = try PageSelection("1-3,7")
        let numbers = try selection.numbers(of: 10, in: "scan.pdf")   // [1, 2, 3, 7]

        #expect(numbers == [1, 2, 3, 7])
    }

    @Test func planAndPages() async throws {
        // Example from Sources/OCRKit/Engine/PageReader+Documents.swift
        let plan = try await reader.plan(.file(scanPath), selection: PageSelection("1-3"))
        for page in plan.skipped { print("page \(page.number) already holds text") }
        #expect(plan.read.isEmpty && plan.skipped.map(\.number) == [1, 2, 3])

        let reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
        // Example from Sources/OCRKit/Engine/PageReader+Documents.swift
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(scanPath)) {
            print("page \(page.pageNumber ?? 1):", page.text)
            pages.append(page)
        }
        #expect(pages.isEmpty, "typeset pages are skipped by default")
        for try await page in reader.pages(of: .file(scanPath), pagesWithText: .force, jobs: 2) { pages.append(page) }
        #expect(pages.map(\.pageNumber) == [1, 2, 3])
        #expect(pages.map(\.text) == ["Page one of three", "Page two of three", "Page three of three"])
    }

    @Test func documentLoader() async throws {
        let tiff = folder.file("letter.tif"), scanPath = folder.file("letter.pdf")
        try ImageWriter.write(try await ImageLoader().decode(contentsOf: "Samples/letter.png"), to: tiff)
        try TestDocuments.scans([tiff], to: scanPath)
        var read: [Page] = []
        // Example from Sources/OCRKitPDF/Reading/DocumentLoader.swift
        let reader = PageReader(decoder: DocumentLoader(images: ImageLoader()), engine: try TesseractEngine())
        for try await page in reader.pages(of: .file(scanPath)) { print(page.pageNumber ?? 1, page.text) }

        for try await page in reader.pages(of: .file(scanPath)) { read.append(page) }
        #expect(read.count == 1 && read[0].text.contains("order number 2024-0117"))
    }

    @Test func documentLoadingOptions() {
        // Example from Sources/OCRKitPDF/Reading/DocumentLoadingOptions.swift
        let loader = DocumentLoader(options: DocumentLoadingOptions(renderingResolution: 400, password: "secret"))

        #expect(loader.options.renderingResolution == 400)
    }

    @Test func searchablePDF() async throws {
        let tiff = folder.file("letter.tif"), scanPath = folder.file("letter.pdf")
        try ImageWriter.write(try await ImageLoader().decode(contentsOf: "Samples/letter.png"), to: tiff)
        try TestDocuments.scans([tiff], jpeg: true, to: scanPath)
        let reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
        // Example from Sources/OCRKitPDF/Writing/SearchablePDF.swift
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(scanPath)) { pages.append(page) }
        try await SearchablePDF.write(pages, to: searchablePath, decoder: reader.decoder)

        #expect(try PDFTools.pdftotext([searchablePath, "-"]).contains("order number 2024-0117"))
    }

    @Test(.enabled(if: SharedData.isAvailable("sroie") && FileManager.default.isExecutableFile(atPath: ".deps/ocrmypdf/bin/ocrmypdf"),
                   "needs ../shared/datasets/sroie and OCRmyPDF, which scripts/setup-test-tools installs"))
    func pdfBenchmark() async throws {
        let ocrPath = BuiltProducts.ocr, receiptsManifest = "../shared/datasets/sroie/manifest.tsv"
        // Example from Sources/OCRKitBench/PDFBenchmark.swift
        var benchmark = PDFBenchmark(ocr: ocrPath, tools: PDFBenchmark.Tools(folder: ".deps/ocrmypdf/bin"))
        benchmark.engines = [.tesseract]
        var table: [String] = []
        try await benchmark.run(PDFBenchmark.DataSet.receipts(manifest: receiptsManifest, limit: 3)) { table.append($0) }

        let rows = table.filter { ($0.hasPrefix("ocr tesseract ") || $0.hasPrefix("OCRmyPDF 17.13 ")) && !$0.contains(" vs ") }
        #expect(rows.count == 2 && rows.allSatisfy { $0.hasSuffix("yes") }, "both ran, and kept the images: \(table)")
    }

    @Test func searchablePDFOptions() async throws {
        let reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
        let pages = [try await reader.read("Samples/letter.png")]
        // Example from Sources/OCRKitPDF/Writing/SearchablePDFOptions.swift
        let options = SearchablePDFOptions(password: "secret", isArchival: true)
        try await SearchablePDF.write(pages, to: searchablePath, decoder: reader.decoder, options: options)

        #expect(try Tool.output("pdfinfo", [searchablePath]).contains("PDF version:     1.7"))
    }

    @Test func imageFileHeader() throws {
        // Example from Sources/OCRKitImages/ImageFileHeader.swift
        let header = try ImageFileHeader(contentsOf: "Samples/receipt.jpg")
        if header.format == "JPEG" && header.orientation == 1 { /* embed the file as it is */ }

        #expect(header.format == "JPEG" && header.bands == 1)
    }

    @Test func ccittGroup4() throws {
        let rendered = try TextRenderer.render("Faxed")
        let page = Bitmap(width: rendered.width, height: rendered.height, layout: .gray,
                          pixels: rendered.pixels.map { $0 < 128 ? 0 : 255 }, image: "fax")

        // Example from Sources/OCRKitImages/CCITTGroup4.swift
        let encoded = try CCITTGroup4.encode(page)   // `page` holds only 0 and 255
        // PDF: /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns page.width /Rows page.height >>

        #expect(CCITTGroup4.isBlackAndWhite(page) && !encoded.isEmpty && encoded.count < page.pixels.count / 8)
    }
}
