internal import CHaru
import Foundation
import OCRKit

/// A searchable PDF: each page the image as it was read, under an invisible text layer with every
/// word where the image shows it, so that the text can be selected, searched and copied.
/// Written with libharu.
///
/// ```swift
/// let pdf = try SearchablePDF()
/// for (page, jpeg) in pages { try pdf.addPage(page, jpeg: jpeg) }
/// try Data(pdf.data()).write(to: URL(fileURLWithPath: pdfPath))
/// ```
///
/// A document is built by one caller at a time: it is not `Sendable`.
public final class SearchablePDF {
    /// DejaVu Sans, from Debian's fonts-dejavu-core: it covers Latin, Greek and Cyrillic. The text
    /// is invisible, so the font only maps characters to text; it is not embedded.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    private let document: HPDF_Doc
    private let font: HPDF_Font
    private let ascent: Double
    private let descent: Double

    /// - Throws: ``OCRError`` when libharu cannot start or the font cannot be read.
    public init(fontPath: String = SearchablePDF.defaultFontPath) throws {
        guard let document = HPDF_New(nil, nil) else {
            throw OCRError(.outOfMemory, reason: "libharu could not create a PDF document")
        }
        self.document = document
        HPDF_SetCompressionMode(document, UInt32(HPDF_COMP_ALL))
        HPDF_UseUTFEncodings(document)
        HPDF_SetInfoAttr(document, HPDF_INFO_CREATOR, "OCRKit")
        guard FileManager.default.isReadableFile(atPath: fontPath),
              let name = HPDF_LoadTTFontFromFile(document, fontPath, HPDF_FALSE),
              let font = HPDF_GetFont(document, name, "UTF-8") else {
            HPDF_Free(document)
            throw OCRError(.notReadable, path: fontPath, reason: "cannot load the font for the text layer; install fonts-dejavu-core")
        }
        self.font = font
        ascent = Double(HPDF_Font_GetAscent(font))
        descent = Double(HPDF_Font_GetDescent(font))
    }

    deinit {
        HPDF_Free(document)
    }

    /// Adds a page: the image (a JPEG file's bytes) filling it, and the page's words over it.
    ///
    /// - Parameter dotsPerInch: the scale from the page's pixels to the PDF's points; 300 makes an
    ///   A4 scan an A4 page.
    public func addPage(_ page: Page, jpeg: [UInt8], dotsPerInch: Double = 300) throws {
        let scale = 72 / dotsPerInch
        let width = Double(page.width) * scale, height = Double(page.height) * scale
        guard let pdfPage = HPDF_AddPage(document) else { throw failure("cannot add a page", page.image) }
        HPDF_Page_SetWidth(pdfPage, Float(width))
        HPDF_Page_SetHeight(pdfPage, Float(height))

        guard let image = jpeg.withUnsafeBufferPointer({ HPDF_LoadJpegImageFromMem(document, $0.baseAddress, UInt32($0.count)) }) else {
            throw failure("cannot embed the image", page.image)
        }
        HPDF_Page_DrawImage(pdfPage, image, 0, 0, Float(width), Float(height))

        HPDF_Page_BeginText(pdfPage)
        HPDF_Page_SetTextRenderingMode(pdfPage, HPDF_INVISIBLE)
        for line in page.lines {
            // Engines that read whole lines give no words: the line is then one word.
            let words = line.words.isEmpty ? [(line.text, line.quad.boundingRect)] : line.words.map { ($0.text, $0.quad.boundingRect) }
            for (text, rect) in words where !text.isEmpty {
                place(text, in: rect.scaled(width: scale, height: scale), on: pdfPage, pageHeight: height)
            }
        }
        HPDF_Page_EndText(pdfPage)
        guard HPDF_GetError(document) == HPDF_OK else { throw failure("cannot write the text layer", page.image) }
    }

    /// Writes `text` so that it spans `rect` (points, origin top left): the font sized to the
    /// box's height, stretched to its width, on the baseline the box implies.
    private func place(_ text: String, in rect: Rect, on page: HPDF_Page, pageHeight: Double) {
        let fontSize = min(300, max(1, rect.height * 1000 / (ascent - descent)))
        HPDF_Page_SetFontAndSize(page, font, Float(fontSize))
        HPDF_Page_SetHorizontalScalling(page, 100)
        let natural = Double(HPDF_Page_TextWidth(page, text))
        if natural > 0 {
            HPDF_Page_SetHorizontalScalling(page, Float(min(300, max(10, rect.width / natural * 100))))
        }
        let baseline = pageHeight - rect.maxY - descent * fontSize / 1000
        HPDF_Page_TextOut(page, Float(rect.minX), Float(baseline), text)
    }

    /// The document's bytes.
    public func data() throws -> [UInt8] {
        guard HPDF_SaveToStream(document) == HPDF_OK else { throw failure("cannot write the document", nil) }
        var size = HPDF_GetStreamSize(document)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeMutableBufferPointer { HPDF_ReadFromStream(document, $0.baseAddress, &size) }
        guard status == HPDF_OK || status == HPDF_STREAM_EOF else { throw failure("cannot read the document back", nil) }
        return Array(bytes.prefix(Int(size)))
    }

    private func failure(_ what: String, _ path: String?) -> OCRError {
        let code = HPDF_GetError(document)
        HPDF_ResetError(document)
        return OCRError(.engineFailure, path: path, reason: "\(what) (libharu error 0x\(String(code, radix: 16)))")
    }
}
