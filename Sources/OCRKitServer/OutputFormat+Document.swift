import OCRKit
import OCRKitExport
import OCRKitPDF

extension OutputFormat {
    /// `pages` as one document in this form, as ``OCRKitExport/TextDocument`` writes it, or as a
    /// searchable PDF: each page's image decoded again with `images`, and straightened again with
    /// `straightener` if it was read straightened.
    func document(of pages: [Page], images: any ImageDecoder, straightener: (any ImageStraightener)?) async throws -> [UInt8] {
        if self == .pdf { return try await SearchablePDF.data(of: pages, decoder: images, straightener: straightener) }
        return Array(try TextDocument.of(pages, format: self).utf8)
    }
}
