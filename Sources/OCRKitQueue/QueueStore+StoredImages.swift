import Foundation
import OCRKit

extension QueueStore {
    /// The pages of `results` with the images the queue stored for them as their source, as a
    /// searchable PDF of them needs: an uploaded image's bytes, a document's page as the
    /// document of its one page the queue stored (its scan and all, not its pixels). A page whose
    /// image was not stored is read from its file.
    public func pagesWithStoredImages(_ results: [ItemResult]) async throws -> [Page] {
        var pages: [Page] = []
        for result in results {
            var page = result.page
            if let stored = try await storedImage(of: result.id) {
                page.source = PageSource(.contents(stored, name: page.image), page: page.pageNumber == nil ? nil : 1)
            }
            pages.append(page)
        }
        return pages
    }
}
