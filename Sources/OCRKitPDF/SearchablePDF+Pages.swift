import Foundation
import OCRKit
import OCRKitImages

extension SearchablePDF {
    /// The searchable PDF of `pages`, in order, each over the image it was read from: the file
    /// decoded again at the size it was read at, straightened again by `straightener` if it was
    /// straightened when read (``OCRKit/ImageDecoder/image(of:straightenedBy:)``), JPEG-compressed.
    /// Images without a resolution of their own (straightened photos among them) are set at 300 dpi.
    ///
    /// ```swift
    /// let pages = [try await reader.read("Samples/letter.png"), try await reader.read("Samples/notice.webp")]
    /// let bytes = try await SearchablePDF.data(of: pages, decoder: reader.decoder, straightener: reader.straightener)
    /// ```
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the image that could not be decoded again or embedded.
    public static func data(of pages: [Page], decoder: any ImageDecoder, straightener: (any ImageStraightener)?) async throws -> [UInt8] {
        let pdf = try SearchablePDF()
        for page in pages {
            let bitmap = try await decoder.image(of: page, straightenedBy: straightener)
            try pdf.addPage(page, jpeg: try ImageWriter.jpegData(bitmap), dotsPerInch: bitmap.resolution ?? 300)
        }
        return try pdf.data()
    }

    /// Writes the searchable PDF of `pages` (see ``data(of:decoder:straightener:)``) to `path`: beside
    /// it first, then moved into place, so that an interrupted write never leaves half a document
    /// and a document already there stays whole until the new one replaces it.
    ///
    /// ```swift
    /// try await SearchablePDF.write(pages, to: pdfPath, decoder: reader.decoder, straightener: reader.straightener)
    /// ```
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the document or the image that failed.
    public static func write(_ pages: [Page], to path: String, decoder: any ImageDecoder, straightener: (any ImageStraightener)?) async throws {
        let bytes = try await data(of: pages, decoder: decoder, straightener: straightener)
        let partial = path + ".partial"
        var failure: String?
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: partial))
            if rename(partial, path) != 0 { failure = "cannot move the document into place: \(String(cString: strerror(errno)))" }
        } catch {
            failure = "cannot write the document: \(error.localizedDescription)"
        }
        if let failure {
            try? FileManager.default.removeItem(atPath: partial)
            throw OCRError(.notReadable, path: path, reason: failure)
        }
    }
}
