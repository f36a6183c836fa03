import Foundation
import OCRKit
import OCRKitImages
import OCRKitPDF

/// An uploaded PDF or TIFF, kept in a file of its own while its pages are read (qpdf and the
/// PDF renderer read files), removed when the value goes.
final class DocumentUpload: Sendable {
    let name: String
    let path: String
    let contents: [UInt8]
    private let folder: String

    /// The upload in a file of its own when it is a document, `nil` for an image: a PDF, or a
    /// TIFF of several pages as `decoder` counts them (one page is an image).
    init?(_ upload: UploadedImage, decoder: any ImageDecoder) async throws {
        let format = FileSignature.format(of: upload.contents)
        let isPDF = format == "PDF", isTIFF = format == "TIFF"
        guard isPDF || isTIFF else { return nil }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-upload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        name = upload.name
        path = folder + (isPDF ? "/document.pdf" : "/document.tif")
        contents = Array(upload.contents)
        try upload.contents.write(to: URL(fileURLWithPath: path))
        if isTIFF, try await decoder.pages(ofFileAt: path) == nil { return nil }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
