import Foundation
import OCRKit
import OCRKitPDF
import OCRKitQueue

/// Read pages with the files the queue stored for them, as a searchable PDF of them needs:
/// uploaded images decoded from memory, and a document's page (stored as a PDF of its own) put
/// in a temporary file, so that the copy takes the page as it was, scans and all, rather than
/// its pixels. The files go with the value.
final class StoredPages: Sendable {
    let pages: [Page]
    let images: InMemoryImages
    private let folder: String?

    init(_ results: [ItemResult], store: any QueueStore, decoder: any ImageDecoder) async throws {
        var pages: [Page] = [], contents: [QueuedPage: Data] = [:], folder: String?
        for result in results {
            var page = result.page
            guard let stored = try await store.storedImage(of: result.id) else {
                pages.append(page)
                continue
            }
            if page.pageNumber != nil, DocumentLoader.isPDF(contents: stored) {
                let temporary = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-pages-\(UUID().uuidString)").path
                if folder == nil { try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true) }
                folder = temporary
                page.image = "\(temporary)/item-\(result.id).pdf"
                page.pageNumber = 1
                try stored.write(to: URL(fileURLWithPath: page.image))
            } else {
                contents[QueuedPage(page)] = stored
            }
            pages.append(page)
        }
        self.pages = pages
        self.folder = folder
        images = InMemoryImages(contents: contents, files: decoder)
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
