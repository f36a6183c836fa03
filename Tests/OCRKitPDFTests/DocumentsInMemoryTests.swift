import Foundation
import OCRKit
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Documents held in memory (an upload) read as files are: their pages counted, decoded, cut out
/// and written as a searchable copy from the bytes themselves, no file made for them, every
/// error naming the name they were given.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .onThreadsOfTheirOwn, .heavy)
struct DocumentsInMemoryTests {
    let folder: TemporaryFolder
    let reader: PageReader

    init() throws {
        folder = try TemporaryFolder()
        reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
    }

    /// The bytes of a document made by `make` in the test's folder, then removed: only the bytes remain.
    private func bytes(_ name: String, _ make: (String) throws -> Void) throws -> Data {
        let path = folder.file(name)
        try make(path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private func readAll(_ document: DocumentSource) async throws -> [Page] {
        let plan = try await reader.plan(document)
        var pages: [Page] = []
        for number in plan.read { pages.append(try await reader.read(plan.source(ofPage: number))) }
        return pages
    }

    @Test(arguments: ["pdf", "tiff", "pdf without its header"])
    func aDocumentInMemoryIsReadPageByPage(kind: String) async throws {
        let texts = ["Invoice 2024-117", "Total due 42.00"]
        var contents = try bytes("document") { path in
            if kind == "tiff" {
                let pages = try texts.enumerated().map { index, text in
                    let page = folder.file("page-\(index).tif")
                    try TestDocuments.scannedPage(text, to: page)
                    return page
                }
                try TestDocuments.multiPageTIFF(pages, to: path)
            } else {
                try TestDocuments.scannedPDF(texts, jpeg: false, to: path)
            }
        }
        if kind == "pdf without its header" { contents = contents[(contents.firstIndex(of: UInt8(ascii: "\n"))! + 1)...] }
        let document = DocumentSource.contents(Data(contents), name: "upload")

        let pages = try await readAll(document)
        #expect(pages.map(\.text) == texts)
        #expect(pages.map(\.pageNumber) == [1, 2] && pages.allSatisfy { $0.image == "upload" && $0.source?.document == document })

        // The second page cut out as a document of its own, as a queue stores it.
        let second = try reader.decoder.contents(of: PageSource(document, page: 2))
        #expect(try await readAll(.contents(second, name: "page 2")).map(\.text) == [texts[1]])
    }

    @Test func aSearchableCopyIsMadeFromPagesReadInMemory() async throws {
        let scan = try bytes("scan.pdf") { try TestDocuments.scannedPDF(["Minutes of the meeting", "Actions agreed"], to: $0) }
        let photo = try bytes("note.png") { _ = try TestDocuments.scannedPage("A loose note", to: $0) }
        let pages = try await readAll(.contents(scan, name: "scan.pdf")) + readAll(.contents(photo, name: "note.png"))

        let copy = try folder.write(try await SearchablePDF.data(of: pages, decoder: reader.decoder), to: "copy.pdf")
        let layer = try PDFTools.pdftotext([copy, "-"]).components(separatedBy: "\u{0C}")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        #expect(layer == ["Minutes of the meeting", "Actions agreed", "A loose note"])
    }

    @Test func damagedContentsAreRefusedByTheirName() async throws {
        for (contents, name) in [(Data("%PDF-1.4\n".utf8), "broken.pdf"), (Data("II*\0 truncated".utf8), "cut.tif"), (Data(), "empty.png")] {
            await #expect {
                _ = try await readAll(.contents(contents, name: name))
            } throws: { error in
                (error as? OCRError)?.path == name
            }
        }
    }
}
