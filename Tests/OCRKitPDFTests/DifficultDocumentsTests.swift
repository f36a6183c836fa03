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
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .heavy(hangGuard: .seconds(600)), .onThreadsOfTheirOwn)
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
        /// A scan in JPEG 2000, as archives store them.
        case jpeg2000
        /// A scan drawn inside a form XObject rather than on the page.
        case scanInAForm
        /// A line of text drawn as an image beside a function-based shading turned 45 degrees, as
        /// pdf.js's tests hold: poppler's cairo backend took over 3 minutes and 1.8 GB to draw
        /// such a shading at 300 dpi, its Splash renderer (OCRKit's) about a second.
        case functionBasedShading
    }

    /// Documents refused with one line naming them.
    enum Refused: String, CaseIterable, Sendable {
        /// A PDF header and nothing else.
        case headerOnly
        /// A dynamic XFA form: the pages only say "please wait"; Adobe Reader draws the form.
        case dynamicXFA
        /// A 35000 x 35000 pixel JBIG2 scan, as OCRmyPDF's tests hold: over the pixel limit
        /// (the renderer would decode it whole, and draw it as nothing).
        case enormousJBIG2

        /// What the line says.
        var reason: String {
            switch self {
            case .headerOnly: "damaged PDF"
            case .dynamicXFA: "a dynamic XFA form"
            case .enormousJBIG2: "page 1 holds an image of 35000 x 35000 pixels, over the limit of 40000000 pixels"
            }
        }
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
            _ = try Tool.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffg4", "-r300", "-o", g4, typeset])
            try TestDocuments.scans([g4], to: path)
            #expect(try Tool.output("pdfimages", ["-list", path]).contains("ccitt"))
        case .cmyk:
            let rgb = folder.file("rgb.pdf")
            try TestDocuments.scans([try tiff(text, name: "rgb.tif", colour: true)], jpeg: true, to: rgb)
            _ = try Tool.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-sColorConversionStrategy=CMYK",
                                           "-dProcessColorModel=/DeviceCMYK", "-o", path, rgb])
            #expect(try Tool.output("pdfimages", ["-list", path]).contains("cmyk"))
        case .linearized:
            let plain = folder.file("plain.pdf")
            try TestDocuments.scans([try tiff(text, name: "scan.tif")], to: plain)
            _ = try Tool.output("qpdf", ["--linearize", plain, path])
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
            _ = try Tool.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-dNoOutputFonts", "-o", path, script])
        case .pageWithoutContent:
            try "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
        case .jpeg2000, .scanInAForm:
            let scan = try TestDocuments.scannedPage(text, to: folder.file("scan.tif"))
            let points = (Double(scan.width) * 72 / 300, Double(scan.height) * 72 / 300)
            let image: [UInt8]
            if kind == .jpeg2000 {
                let jp2 = folder.file("scan.jp2")
                try ImageWriter.write(scan, to: jp2)
                image = HandMadePDF.stream("/Type /XObject /Subtype /Image /Width \(scan.width) /Height \(scan.height) "
                                           + "/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /JPXDecode",
                                           Array(try Data(contentsOf: URL(fileURLWithPath: jp2))))
            } else {
                image = HandMadePDF.stream("/Type /XObject /Subtype /Image /Width \(scan.width) /Height \(scan.height) "
                                           + "/ColorSpace /DeviceGray /BitsPerComponent 8", scan.pixels)
            }
            try HandMadePDF.write(HandMadePDF.pageDrawingImage(width: points.0, height: points.1, throughForm: kind == .scanInAForm) + [image],
                                  to: path)
            if kind == .jpeg2000 { #expect(try Tool.output("pdfimages", ["-list", path]).contains("jpx")) }
        case .functionBasedShading:
            try shadedPage(text, to: path)
        }
        return path
    }

    /// A US Letter page of a square filled by a function-based shading (its colour a PostScript
    /// calculator function of the point, red and green rising across it), turned 45 degrees, and
    /// below it `text` as an image at 300 dpi: drawn, not one scan over the page, so it is rendered.
    private func shadedPage(_ text: String, to path: String) throws {
        let line = try TextRenderer.render(text, font: "DejaVu Sans 16", dpi: 300, margin: 20)
        let size = (Double(line.width) * 72 / 300, Double(line.height) * 72 / 300)
        try HandMadePDF.write(HandMadePDF.page(resources: "/Shading << /Sh0 5 0 R >> /XObject << /Im0 7 0 R >>",
                                               content: "q 72 400 300 300 re W n /Sh0 sh Q q \(size.0) 0 0 \(size.1) 72 200 cm /Im0 Do Q") + [
            HandMadePDF.object("<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 1 0 1] /Matrix [150 150 -150 150 222 400] /Function 6 0 R >>"),
            HandMadePDF.stream("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", Array("{ 2 copy add 2 div }".utf8)),
            HandMadePDF.stream("/Type /XObject /Subtype /Image /Width \(line.width) /Height \(line.height) "
                               + "/ColorSpace /DeviceGray /BitsPerComponent 8", line.pixels),
        ], to: path)
    }

    /// A JBIG2 scan `side` pixels square at 300 dpi, blank but for a line of `text`. Its region
    /// is coded with MMR (Group 4), which poppler's JBIG2 decoder draws with streaks under round
    /// letters (jbig2dec draws it right): encoders use arithmetic coding, which is not made here.
    private func jbig2(_ text: String, side: Int, to path: String) throws {
        let line = try TextRenderer.render(text, font: "DejaVu Sans 16", dpi: 300, margin: 20)
        let region = Bitmap(width: line.width, height: line.height, layout: .gray,
                            pixels: line.pixels.map { $0 < 128 ? 0 : 255 }, image: "line")
        let points = Double(side) * 72 / 300
        let image = HandMadePDF.stream("/Type /XObject /Subtype /Image /Width \(side) /Height \(side) "
                                       + "/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode",
                                       try HandMadePDF.jbig2(width: side, height: side, region: region, x: 300, y: 300))
        try HandMadePDF.write(HandMadePDF.pageDrawingImage(width: points, height: points) + [image], to: path)
        #expect(try Tool.output("pdfimages", ["-list", path]).contains("jbig2"))
    }

    /// A page over the pixel limit is read smaller, and says so: the resolution it is read at.
    private func loweredResolution(of kind: Kind) -> Double? {
        switch kind {
        // 200 inches square in 40 megapixels.
        case .enormousPage: 31
        default: nil
        }
    }

    @Test(arguments: Kind.allCases)
    func isReadAndGivesASoundSearchableCopy(kind: Kind) async throws {
        let text = kind == .pageWithoutContent ? "" : "Difficult document number seven"
        let path = try document(kind, text: text)
        let lowered = try await reader.decoder.pages(of: .file(path))?.first?.loweredResolution
        #expect(lowered == loweredResolution(of: kind), "\(kind): \(String(describing: lowered))")
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(path)) { pages.append(page) }
        #expect(pages.count == 1)
        #expect(pages.first.map { $0.width * $0.height <= 40_000_000 } == true, "within the pixel limit")
        if !text.isEmpty { #expect(pages.first?.text == text, "\(kind)") }

        let copy = folder.file("\(kind.rawValue)-ocr.pdf")
        try await SearchablePDF.write(pages, to: copy, decoder: reader.decoder)
        let check = try Tool.run("qpdf", ["--check", copy])
        #expect(check.status == 0, "\(kind): \(check.output) \(check.errors)")
        if !text.isEmpty { #expect(try PDFTools.pdftotext([copy, "-"]).contains(text), "\(kind)") }
    }

    @Test(arguments: Refused.allCases)
    func isRefusedWithOneLineNamingIt(kind: Refused) async throws {
        let path = folder.file("\(kind.rawValue).pdf")
        switch kind {
        case .headerOnly:
            try "%PDF-1.7\n".write(toFile: path, atomically: true, encoding: .utf8)
        case .dynamicXFA:
            let xfa = Array("<xdp:xdp xmlns:xdp=\"http://ns.adobe.com/xdp/\"><template/></xdp:xdp>".utf8)
            try HandMadePDF.write([
                HandMadePDF.object("<< /Type /Catalog /Pages 2 0 R /NeedsRendering true /AcroForm << /Fields [] /XFA 5 0 R >> >>"),
                HandMadePDF.object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                HandMadePDF.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"),
                HandMadePDF.stream("", Array("BT /F1 12 Tf 72 720 Td (Please wait...) Tj ET".utf8)),
                HandMadePDF.stream("", xfa),
            ], to: path)
        case .enormousJBIG2:
            try jbig2("Too large to draw", side: 35_000, to: path)
        }
        await #expect {
            for try await _ in reader.pages(of: .file(path)) {}
        } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.path == path && error.reason.contains(kind.reason) && !error.reason.contains("\n")
        }
    }

    /// An image longer than 32767 pixels (cairo's limit, which it draws as nothing) is drawn.
    @Test func anImageLongerThanCairosLimitIsDrawn() async throws {
        let (width, height) = (33_000, 8)
        let stripes = (0..<height).flatMap { _ in (0..<width).map { $0 / 500 % 2 == 0 ? UInt8(0) : 255 } }
        let path = folder.file("long.pdf")
        try HandMadePDF.write(HandMadePDF.page(resources: "/XObject << /Im0 5 0 R >>", content: "q 600 0 0 100 6 300 cm /Im0 Do Q") + [
            HandMadePDF.stream("/Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8",
                               stripes),
        ], to: path)
        let page = try await reader.decoder.decode(PageSource(.file(path), page: 1), maximumSide: nil)
        let dark = stride(from: 0, to: page.pixels.count, by: page.layout.channels).count { page.pixels[$0] < 64 }
        // The stripes cover 600 x 100 of the page's 612 x 792 points, half of them black.
        #expect(Double(dark) / Double(page.width * page.height) > 0.05, "\(dark) dark pixels")
    }

    /// A PDF that lost its `%PDF-` header (one of pdf.js's test files) is read as viewers and
    /// qpdf open it, not refused as no PDF; a file of no format that holds no PDF still is.
    @Test func aPDFWithoutItsHeaderIsReadAsAPDF() async throws {
        let whole = folder.file("whole.pdf"), headless = folder.file("headless.pdf")
        try TestDocuments.scannedPDF(["A page without its header"], jpeg: false, to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let firstLine = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
        try bytes[(firstLine + 1)...].write(to: URL(fileURLWithPath: headless))
        #expect(try await reader.read(headless, page: 1).text == "A page without its header")

        let text = try folder.write(Array("not an image, 1 0 obj nor a PDF".utf8), to: "notes.pdf")
        await #expect(throws: OCRError.self) { try await reader.read(text) }
        do { _ = try await reader.read(text) } catch let error as OCRError {
            #expect(error.reason.hasPrefix("not an image or a PDF"), "\(error)")
        }
    }

    /// Text in a Type 3 font whose glyphs have names that say nothing of their characters
    /// (`/g84` for T) and no `ToUnicode` map: typeset text all the same, kept unless `--force`
    /// reads it (OCRmyPDF's choice too: viewers often still extract it, poppler among them).
    @Test func textInAFontWithoutAUnicodeMapIsKeptUnlessForced() async throws {
        let text = "Text in a font without Unicode"
        let script = folder.file("font.ps"), path = folder.file("unmapped.pdf")
        try """
            %!PS
            /Glyphs 8 dict def
            Glyphs begin
              /FontType 3 def
              /FontMatrix [0.001 0 0 0.001 0 0] def
              /FontBBox [0 -250 1000 1000] def
              /Encoding 256 array def
              0 1 255 { Encoding exch /.notdef put } for
              32 1 126 { dup 3 string cvs dup length 1 add string dup 0 (g) putinterval dup 3 -1 roll 1 exch putinterval cvn
                         Encoding 3 1 roll put } for
              /BuildChar {
                exch begin
                  /Helvetica findfont 1000 scalefont setfont
                  1 string dup 0 4 -1 roll put
                  dup stringwidth pop 0 0 -250 1000 1000 setcachedevice
                  0 0 moveto show
                end
              } bind def
            end
            /Unmapped Glyphs definefont pop
            /Unmapped findfont 24 scalefont setfont
            72 700 moveto (\(text)) show
            showpage
            """.write(toFile: script, atomically: true, encoding: .utf8)
        _ = try Tool.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-o", path, script])
        let fonts = try Tool.output("pdffonts", [path])
        let row = try #require(fonts.split(separator: "\n").first { $0.contains("Type 3") }, "\(fonts)").split(separator: " ")
        #expect(row[row.count - 3] == "no", "no Unicode map: \(fonts)")

        let plan = try await reader.plan(.file(path))
        #expect(plan.read.isEmpty && plan.skipped.map(\.text) == [.native])
        var pages: [Page] = []
        for try await page in reader.pages(of: .file(path), pagesWithText: .force) { pages.append(page) }
        #expect(pages.map(\.text) == [text])
        let copy = folder.file("unmapped-ocr.pdf")
        try await SearchablePDF.write(pages, to: copy, decoder: reader.decoder)
        #expect(try Tool.run("qpdf", ["--check", copy]).status == 0)
        // The page's own text stays, and extraction gives it beside the layer's.
        let extracted = Set(try PDFTools.pdftotext([copy, "-"]).split(whereSeparator: \.isWhitespace))
        #expect(extracted.isSuperset(of: text.split(separator: " ")), "\(extracted)")
        #expect(try Tool.output("pdffonts", [copy]).contains("OCRKitGlyphless"), "the layer is there")
    }
}
