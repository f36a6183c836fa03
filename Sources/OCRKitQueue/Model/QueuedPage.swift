import OCRKit

/// What one item of a batch reads: an image file, or one page of a document (a PDF, a
/// multi-page TIFF).
///
/// ```swift
/// let pages = [QueuedPage(image: receiptPath), QueuedPage(image: contractPath, pageNumber: 2)]
/// let batch = try await processor.enqueue(pages)
/// ```
public struct QueuedPage: Hashable, Sendable, CustomStringConvertible {
    /// The image file, or the document whose page it is.
    public var image: String
    /// The page of the document at ``image``, from 1; `nil` for an image file.
    public var pageNumber: Int?

    public init(image: String, pageNumber: Int? = nil) {
        self.image = image
        self.pageNumber = pageNumber
    }

    /// The page `page` was read from.
    public init(_ page: Page) {
        self.init(image: page.image, pageNumber: page.pageNumber)
    }

    /// The pages of the files at `paths` to queue, in order: each image, and the pages of each
    /// document that `selection` chooses and `pagesWithText` reads, as `reader` plans them
    /// (``OCRKit/PageReader/plan(_:selection:pagesWithText:)``), each plan handed to `planned`. A
    /// file that cannot be opened is queued as it is, to fail with its cause when it is read, as an
    /// image that cannot be decoded does.
    ///
    /// - Throws: with a `selection` of some pages, an ``OCRKit/OCRError/Code/invalidOption`` when it
    ///   asks for a page past a document's last, or a document's pages cannot be counted (an
    ///   encrypted PDF without its password): the caller's mistake, said before anything is queued.
    public static func pages(
        of paths: [String], reader: PageReader, selection: PageSelection = .all, pagesWithText: PagesWithText = .skip,
        planned: (DocumentPlan) -> Void = { _ in }
    ) async throws -> [QueuedPage] {
        var pages: [QueuedPage] = []
        for path in paths {
            do {
                let plan = try await reader.plan(.file(path), selection: selection, pagesWithText: pagesWithText)
                planned(plan)
                pages += plan.read.map { QueuedPage(image: path, pageNumber: plan.isDocument ? $0 : nil) }
            } catch let error as OCRError where error.code == .invalidOption && selection != .all {
                throw error
            } catch {
                pages.append(QueuedPage(image: path))
            }
        }
        return pages
    }

    /// `scan.pdf, page 3`, or the image's path.
    public var description: String {
        pageNumber.map { "\(image), page \($0)" } ?? image
    }
}
