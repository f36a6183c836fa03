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

    /// The pages of `plan`'s file that it reads: the image itself, or each page of a document.
    public static func pages(of plan: DocumentPlan) -> [QueuedPage] {
        plan.read.map { QueuedPage(image: plan.path, pageNumber: plan.isDocument ? $0 : nil) }
    }

    /// `scan.pdf, page 3`, or the image's path.
    public var description: String {
        pageNumber.map { "\(image), page \($0)" } ?? image
    }
}
