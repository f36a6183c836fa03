import Foundation
import OCRKit
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// PDFs as archives and scanners make them, the awkward ones included (OCRmyPDF's own test files
/// are a guide): each is read and given a searchable copy that qpdf finds sound, or refused with
/// an error naming it; none crashes or hangs.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .timeLimit(.minutes(3)), .onThreadsOfTheirOwn)
struct DifficultDocumentsTests {
    enum Kind: String, CaseIterable, Sendable {
        /// Black and white in CCITT Group 4, as fax and office scanners store it.
        case ccitt
        /// A CMYK scan.
        case cmyk
        /// Linearised for the web ("fast web view").
        case linearized
        /// A cross-reference table whose offsets are all wrong: qpdf rebuilds it.
        case brokenCrossReferences
        /// A page 200 inches square (PDF's largest): rendered smaller, within the pixel limit.
        case enormousPage
        /// A page with no content at all.
        case pageWithoutContent
    }

    let folder: TemporaryFolder
    let reader: PageReader

    init() throws {
        folder = try TemporaryFolder()
        reader = PageReader(decoder: DocumentLoader(images: ImageLoader(options: ImageLoadingOptions(maximumPixelCount: 40_000_000))),
                            engine: try TesseractEngine())
    }

    /// A scan of `text` as a TIFF at 300 dpi, grey or in colour.
    private func tiff(_ text: String, name: String, colour: Bool = false) throws -> String {
        let path = folder.file(name)
        try TestDocuments.scannedPage(text, colour: colour, to: path)
        return path
    }

    /// The document of `kind`, holding `text`.
    private func document(_ kind: Kind, text: String) throws -> String {
        let path = folder.file("\(kind.rawValue).pdf")
        switch kind {
        case .ccitt:
            let typeset = folder.file("typeset.pdf"), g4 = folder.file("g4.tif")
            try TestDocuments.typeset([[text]], to: typeset)
            _ = try PDFTools.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffg4", "-r300", "-o", g4, typeset])
            try TestDocuments.scans([g4], to: path)
            #expect(try PDFTools.output("pdfimages", ["-list", path]).contains("ccitt"))
        case .cmyk:
            let rgb = folder.file("rgb.pdf")
            try TestDocuments.scans([try tiff(text, name: "rgb.tif", colour: true)], jpeg: true, to: rgb)
            _ = try PDFTools.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-sColorConversionStrategy=CMYK",
                                           "-dProcessColorModel=/DeviceCMYK", "-o", path, rgb])
            #expect(try PDFTools.output("pdfimages", ["-list", path]).contains("cmyk"))
        case .linearized:
            let plain = folder.file("plain.pdf")
            try TestDocuments.scans([try tiff(text, name: "scan.tif")], to: plain)
            _ = try PDFTools.output("qpdf", ["--linearize", plain, path])
        case .brokenCrossReferences:
            let plain = folder.file("plain.pdf")
            try TestDocuments.scans([try tiff(text, name: "scan.tif")], to: plain)
            var bytes = try String(contentsOfFile: plain, encoding: .isoLatin1)
            let table = try #require(bytes.range(of: "\nxref\n"))
            bytes = String(bytes[..<table.upperBound]) + String(bytes[table.upperBound...]).replacingOccurrences(
                of: #"\d{10} 00000 n"#, with: "0000000001 00000 n", options: .regularExpression)
            try bytes.write(toFile: path, atomically: true, encoding: .isoLatin1)
        case .enormousPage:
            let script = folder.file("enormous.ps")
            try "%!PS\n<< /PageSize [14400 14400] >> setpagedevice\n/Helvetica findfont 400 scalefont setfont\n100 13600 moveto (\(text)) show\nshowpage\n"
                .write(toFile: script, atomically: true, encoding: .utf8)
            _ = try PDFTools.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-dNoOutputFonts", "-o", path, script])
        case .pageWithoutContent:
            try "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        return path
    }

    @Test(arguments: Kind.allCases)
    func isReadAndGivesASoundSearchableCopy(kind: Kind) async throws {
        let text = kind == .pageWithoutContent ? "" : "Difficult document number seven"
        let path = try document(kind, text: text)
        // A page rendered smaller for the pixel limit says so: 200 inches square in 40 megapixels.
        let lowered = try await reader.decoder.pages(ofFileAt: path)?.first?.loweredResolution
        #expect(kind == .enormousPage ? lowered == 31 : lowered == nil, "\(kind): \(String(describing: lowered))")
        var pages: [Page] = []
        for try await page in reader.pages(of: path) { pages.append(page) }
        #expect(pages.count == 1)
        #expect(pages.first.map { $0.width * $0.height <= 40_000_000 } == true, "within the pixel limit")
        if !text.isEmpty { #expect(pages.first?.text == text, "\(kind)") }

        let copy = folder.file("\(kind.rawValue)-ocr.pdf")
        try await SearchablePDF.write(pages, to: copy, decoder: reader.decoder)
        let check = try PDFTools.run("qpdf", ["--check", copy])
        #expect(check.status == 0, "\(kind): \(check.output) \(check.errors)")
        if !text.isEmpty { #expect(try PDFTools.pdftotext([copy, "-"]).contains(text), "\(kind)") }
    }
}
