import Foundation
import OCRKit
import OCRKitImages
@testable import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// PDF/A-2b (`--pdfa`): each of its requirements looked for in the written file.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .onThreadsOfTheirOwn, .heavy)
struct ArchivalTests {
    let folder: TemporaryFolder
    let reader: PageReader
    let archival = SearchablePDFOptions(isArchival: true)

    init() throws {
        folder = try TemporaryFolder()
        reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
    }

    /// An object of the PDF, as qpdf shows it.
    private func object(_ reference: String, of path: String, data: Bool = false) throws -> String {
        let number = reference.split(separator: " ")[0]
        return try Tool.output("qpdf", ["--show-object=\(number)"] + (data ? ["--filtered-stream-data"] : []) + [path])
    }

    /// The reference (`12 0 R`) that follows `key` in `text`.
    private func reference(after key: String, in text: String) throws -> String {
        let match = try #require(text.firstMatch(of: try Regex("\(key) (\\d+ \\d+ R)")), "\(key) in \(text)")
        return String(match.output[1].substring!)
    }

    private func checkArchival(_ path: String, title: String? = nil) throws {
        let info = try Tool.output("pdfinfo", [path])
        #expect(info.contains("PDF version:     1.7"), "PDF/A-2 is PDF 1.7: \(info)")
        #expect(info.contains("Encrypted:       no"))
        #expect(info.contains("Producer:        OCRKit"))

        // The identification, in XMP metadata that is not compressed and agrees with the information.
        let metadata = try Tool.output("pdfinfo", ["-meta", path])
        #expect(metadata.contains("<pdfaid:part>2</pdfaid:part>") && metadata.contains("<pdfaid:conformance>B</pdfaid:conformance>"))
        #expect(metadata.contains("<pdf:Producer>OCRKit</pdf:Producer>"))
        if let title { #expect(metadata.contains(">\(title)</rdf:li>"), "dc:title as the information's Title") }
        let trailer = try Tool.output("qpdf", ["--show-object=trailer", path])
        let catalog = try object(try reference(after: "/Root", in: trailer), of: path)
        let stream = try object(try reference(after: "/Metadata", in: catalog), of: path)
        #expect(!stream.contains("/Filter") && stream.contains("/Subtype /XML"))
        let created = try #require(metadata.firstMatch(of: /<xmp:CreateDate>([^<]+)</)?.output.1)
        let creation = try #require(info.split(separator: "\n").first { $0.hasPrefix("CreationDate:") })
        #expect(!created.isEmpty && !creation.isEmpty)

        // An sRGB output intent, its profile Debian's.
        #expect(catalog.contains("/S /GTS_PDFA1") && catalog.contains("/OutputIntents"))
        let profile = try reference(after: "/DestOutputProfile", in: catalog)
        #expect(try object(profile, of: path).contains("/N 3"))
        let profileBytes = try Tool.run("qpdf", ["--show-object=\(profile.split(separator: " ")[0])", "--filtered-stream-data", path])
        #expect(profileBytes.status == 0 && profileBytes.data == FileManager.default.contents(atPath: "/usr/share/color/icc/sRGB.icc"))

        // Every font embedded; nothing transparent.
        let fonts = try Tool.output("pdffonts", [path]).split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty && fonts.allSatisfy { $0.split(separator: " ").contains("yes") }, "\(fonts)")
        let objects = try Tool.output("qpdf", ["--qdf", "--object-streams=disable", path, "-"])
        #expect(!objects.contains("/SMask") && !objects.contains("/Group") && !objects.contains("/Encrypt"))
        #expect(try Tool.run("qpdf", ["--check", path]).status == 0)
    }

    @Test func imagesMadeIntoAPDFAreArchival() async throws {
        let scan = folder.file("scan.tif")
        try TestDocuments.scannedPage("Kept for thirty years", to: scan)
        let page = try await reader.read(scan)
        let path = folder.file("archival.pdf")
        try await SearchablePDF.write([page], to: path, decoder: reader.decoder, options: archival)
        try checkArchival(path)
        #expect(try PDFTools.pdftotext([path, "-"]).contains("Kept for thirty years"))
    }

    @Test func aCopyKeepsItsInformationInItsMetadata() async throws {
        let typeset = folder.file("typeset.pdf"), outlined = folder.file("outlined.pdf")
        try TestDocuments.typeset([["Minutes of the meeting"]], extras: [.title("Minutes")], to: typeset)
        try TestDocuments.outlined(typeset, to: outlined)
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(outlined)) { pages.append(page) }
        let path = folder.file("minutes.pdf")
        try await SearchablePDF.write(pages, to: path, decoder: reader.decoder, options: archival)
        try checkArchival(path, title: "Minutes")
    }

    @Test func aCopyWhoseFontsAreNotEmbeddedIsRefusedSayingWhich() async throws {
        let path = folder.file("typeset.pdf")
        try TestDocuments.typeset([["First page"], ["Second page"]], to: path)
        #expect(try Tool.output("pdffonts", [path]).contains("Helvetica"))
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(path), pagesWithText: .force) { pages.append(page) }
        let copy = folder.file("copy.pdf")
        await #expect { try await SearchablePDF.write(pages, to: copy, decoder: reader.decoder, options: archival) } throws: {
            ($0 as? OCRError)?.description == "\(path): cannot be PDF/A: its font Helvetica on page 1 is not embedded"
        }
        #expect(!FileManager.default.fileExists(atPath: copy) && !FileManager.default.fileExists(atPath: copy + ".partial"))
    }

    @Test func datesAreReadAsPDFWritesThemAndWrittenAsXMPDoes() throws {
        #expect(PDFDate(text: "D:20261125173000+01'00'")?.iso == "2026-11-25T17:30:00+01:00")
        #expect(PDFDate(text: "D:2026")?.iso == "2026-01-01T00:00:00+00:00")
        #expect(PDFDate(text: "D:20261125173000Z")?.text == "D:20261125173000+00'00'")
        #expect(PDFDate(text: "D:20261125173000-05'30")?.iso == "2026-11-25T17:30:00-05:30")
        #expect(PDFDate(text: "yesterday") == nil && PDFDate(text: "D:20261325") == nil)
    }
}
