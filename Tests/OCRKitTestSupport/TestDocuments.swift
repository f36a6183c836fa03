import Foundation
import OCRKit
import OCRKitImages

/// PDFs and TIFFs made at test time with the tools a user's documents come from: Ghostscript
/// typesets pages, libtiff's tiff2pdf wraps scans in PDF as scanner software does, tiffcp joins
/// TIFFs into one of several pages, qpdf turns, crops and encrypts.
public enum TestDocuments {
    /// Something a typeset PDF holds besides its text, which a searchable copy must keep.
    public enum Extra: Sendable {
        case bookmark(title: String, page: Int)
        /// A link to `uri` over the first line of the page it is on.
        case link(uri: String)
        case title(String)
        /// Every page's visible part, in points from the bottom left: `[x0, y0, x1, y1]`.
        case cropBox([Int])
    }

    /// A scan of `text` as a TIFF, rendered at `dpi` and stating it, grey or in colour; its pixels
    /// come back too.
    @discardableResult
    public static func scannedPage(_ text: String, dpi: Int = 300, colour: Bool = false, to path: String) throws -> Bitmap {
        let rendered = try TextRenderer.render(text, dpi: dpi, margin: 80)
        let bitmap = Bitmap(width: rendered.width, height: rendered.height, layout: colour ? .rgb : .gray,
                            pixels: colour ? rendered.pixels.flatMap { [$0, $0 / 2 + 100, $0] } : rendered.pixels,
                            image: path, resolution: Double(dpi))
        try ImageWriter.write(bitmap, to: path)
        return bitmap
    }

    /// A PDF of A4 pages, each a list of lines set in 20-point Helvetica from the top left.
    public static func typeset(_ pages: [[String]], extras: [Extra] = [], to path: String) throws {
        var script = "%!PS\n/Helvetica findfont 20 scalefont setfont\n"
        for extra in extras {
            switch extra {
            case .bookmark(let title, let page): script += "[/Title (\(title)) /Page \(page) /OUT pdfmark\n"
            case .title(let title): script += "[/Title (\(title)) /DOCINFO pdfmark\n"
            case .cropBox(let box): script += "[/CropBox [\(box.map(String.init).joined(separator: " "))] /PAGES pdfmark\n"
            case .link: break
            }
        }
        for lines in pages {
            for case .link(let uri) in extras {
                script += "[/Rect [70 715 400 745] /Action << /Subtype /URI /URI (\(uri)) >> /Subtype /Link /ANN pdfmark\n"
            }
            for (index, line) in lines.enumerated() {
                script += "72 \(720 - 36 * index) moveto (\(line)) show\n"
            }
            script += "showpage\n"
        }
        let source = path + ".ps"
        try script.write(toFile: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: source) }
        _ = try Tool.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-sPAPERSIZE=a4", "-o", path, source])
    }

    /// A PDF of scans, one a page, as scanner software writes them: each TIFF's image as it is
    /// (`jpeg`: compressed as JPEG), the page sized by its resolution.
    public static func scans(_ tiffs: [String], jpeg: Bool = false, to path: String) throws {
        let joined = path + ".tif"
        try multiPageTIFF(tiffs, to: joined)
        defer { try? FileManager.default.removeItem(atPath: joined) }
        _ = try Tool.output("tiff2pdf", (jpeg ? ["-j", "-q", "90"] : ["-z"]) + ["-o", path, joined])
    }

    /// A PDF of scans of `texts`, one a page (their TIFFs beside it, `path-0.tif` and on), as
    /// JPEG or without loss.
    public static func scannedPDF(_ texts: [String], jpeg: Bool = true, to path: String) throws {
        let tiffs = try texts.enumerated().map { index, text in
            let tiff = "\(path)-\(index).tif"
            try scannedPage(text, to: tiff)
            return tiff
        }
        try scans(tiffs, jpeg: jpeg, to: path)
    }

    /// `source` with its text drawn as shapes: pages that show text but hold none, as some
    /// programs print them.
    public static func outlined(_ source: String, to path: String) throws {
        _ = try Tool.output("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-dNoOutputFonts", "-o", path, source])
    }

    /// One TIFF holding the pages of `tiffs`, in order.
    public static func multiPageTIFF(_ tiffs: [String], to path: String) throws {
        _ = try Tool.output("tiffcp", tiffs + [path])
    }

    /// `source` with every page's `/Rotate` set to `degrees` after its content was turned the
    /// other way: the pages look as before, but a reader must follow the rotation to see them upright.
    public static func rotated(_ source: String, by degrees: Int, to path: String) throws {
        let turned = path + ".turned.pdf"
        defer { try? FileManager.default.removeItem(atPath: turned) }
        _ = try Tool.output("qpdf", [source, "--rotate=+\((360 - degrees) % 360)", "--flatten-rotation", turned])
        _ = try Tool.output("qpdf", [turned, "--rotate=+\(degrees)", path])
    }

    /// A one-page PDF of `line` in Helvetica, written here byte by byte, that says its embedded
    /// files are encrypted with AES-256 (`/EFF`, `/AuthEvent /EFOpen`) and, unless `contentToo`,
    /// nothing else (`/StmF` and `/StrF` `/Identity`): as the PDF 2.0 specification allows, and
    /// as no tool here writes. Its keys are made up: no password opens it.
    public static func attachmentsEncrypted(_ line: String, contentToo: Bool = false, to path: String) throws {
        let content = "BT /F1 36 Tf 72 700 Td (\(line)) Tj ET"
        let hex = { (count: Int) in String(repeating: "5a", count: count) }
        let filters = contentToo ? "/StmF /StdCF /StrF /StdCF" : "/StmF /Identity /StrF /Identity"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Filter /Standard /V 5 /R 6 /Length 256 /P -4 /O <\(hex(48))> /U <\(hex(48))> /OE <\(hex(32))> /UE <\(hex(32))> "
                + "/Perms <\(hex(16))> /CF << /StdCF << /AuthEvent /EFOpen /CFM /AESV3 /Length 32 >> >> \(filters) /EFF /StdCF >>",
        ]
        var pdf = "%PDF-1.7\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Encrypt 6 0 R /ID [<\(hex(16))> <\(hex(16))>] >>\n"
        pdf += "startxref\n\(table)\n%%EOF\n"
        try Data(pdf.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `source` encrypted with AES-256, opened with `password`.
    public static func encrypted(_ source: String, password: String, to path: String) throws {
        _ = try Tool.output("qpdf", ["--encrypt", password, password + "-owner", "256", "--", source, path])
    }
}
