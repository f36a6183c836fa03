import Foundation
import OCRKit
import OCRKitImages

/// Writes a page's figures as PNG files into a folder (`ocr read --figures-dir`), each cut from
/// the page's image at the resolution it was read at and named by its document, page and figure
/// (``OCRKit/Figure/fileName``: `report-p3-f1.png`), as Markdown and HTML link them.
///
/// ```swift
/// let written = try await FigureFiles(folder: folder).write(page, decoder: DocumentLoader())   // [".../report-p1-f1.png"]
/// ```
public struct FigureFiles: Sendable {
    public var folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// Writes every figure of `page` (``OCRKit/Page/figures``), its image decoded again with
    /// `decoder` (straightened again by `straightener` if it was when read), and returns their
    /// paths; nothing is decoded for a page without figures.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the page's file when its image cannot be had again,
    ///   or the folder or the file that cannot be written.
    @discardableResult
    public func write(_ page: Page, decoder: any ImageDecoder, straightener: (any ImageStraightener)? = nil) async throws -> [String] {
        let figures = Figure.all(of: page)
        guard !figures.isEmpty else { return [] }
        let image = try await decoder.image(of: page, straightenedBy: straightener)
        // Cutting and encoding block: done on a thread of their own.
        return try await offThePool { [folder] in
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OCRError(.notWritable, path: folder, reason: "cannot make this folder for figures: \(error.localizedDescription)",
                               underlyingError: error)
            }
            return try figures.compactMap { figure in
                guard let picture = image.cropped(to: figure.box.scaled(width: Double(image.width), height: Double(image.height))) else {
                    return nil
                }
                let path = figure.path(in: folder)
                try ImageWriter.write(picture, to: path)
                return path
            }
        }
    }
}
