internal import CPDFRendering
import Foundation
import OCRKit

/// A PDF's page drawn as a viewer shows it, by poppler's own renderer, Splash (poppler-cpp's
/// `page_renderer`, behind OCRKit's C interface in `CPDFRendering`): its crop box turned as the
/// page says, on white, in RGB.
///
/// Not libvips' PDF loader: that draws through poppler's cairo backend, which took over 3 minutes
/// and 1.8 GB at 300 dpi on a page of function-based shading (one of pdf.js's test files) that
/// Splash draws in 1.4 s and 70 MB.
///
/// Threading: blocking, on the calling thread, which must not be one of Swift's cooperative
/// threads (``DocumentLoader`` runs it on its image loader's decoding threads).
enum PageRenderer {
    /// Page `page` (from 1) of the PDF `document` at `dotsPerInch`; `password` opens an encrypted one.
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the document when poppler cannot open or draw it.
    static func render(_ document: DocumentSource, page: Int, dotsPerInch: Double, password: String?) throws -> Bitmap {
        var pixels: UnsafeMutablePointer<UInt8>?, width: Int32 = 0, height: Int32 = 0
        let status: Int32
        switch document {
        case .file(let path):
            status = ocrkit_pdf_render_page(path, nil, 0, password, Int32(page - 1), dotsPerInch, &pixels, &width, &height)
        case .contents(let contents, _):
            status = contents.withUnsafeBytes { bytes in
                ocrkit_pdf_render_page(nil, bytes.baseAddress, bytes.count, password, Int32(page - 1), dotsPerInch,
                                       &pixels, &width, &height)
            }
        }
        guard status == 0, let pixels else {
            throw OCRError(.corrupt, path: document.name, reason: "cannot draw page \(page): \(String(cString: ocrkit_pdf_last_error()))")
        }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * Bitmap.Layout.rgb.channels
        return Bitmap(width: Int(width), height: Int(height), layout: .rgb,
                      pixels: Array(UnsafeBufferPointer(start: pixels, count: count)),
                      image: document.name, resolution: dotsPerInch)
    }
}
