import Foundation
import OCRKit

/// An item a worker has leased: what it needs to read it.
public struct ClaimedItem: Hashable, Sendable {
    public var id: ItemID
    public var batch: BatchID
    /// The image file, or the document whose page it is.
    public var image: String
    /// The page of the document at ``image`` to read, from 1; `nil` for an image file.
    public var pageNumber: Int?
    public var options: RecognitionOptions
    /// Attempts so far, this one included.
    public var attempts: Int
    /// The contents of the file to read, for a batch whose images are stored in the queue (a
    /// page of a document as a document of its own); `nil` when the file is read at ``image``.
    public var contents: Data?

    public init(id: ItemID, batch: BatchID, image: String, pageNumber: Int? = nil, options: RecognitionOptions, attempts: Int,
                contents: Data? = nil) {
        self.id = id
        self.batch = batch
        self.image = image
        self.pageNumber = pageNumber
        self.options = options
        self.attempts = attempts
        self.contents = contents
    }
}

/// A completed item and its page (which says its ``OCRKit/Page/pageNumber`` in a document),
/// whose source is the item's file (``image``), the page of it read, unless it is given another.
public struct ItemResult: Hashable, Sendable {
    public var id: ItemID
    public var batch: BatchID
    /// The image file, or the document whose page it is.
    public var image: String
    public var page: Page
    public var finishedAt: Date
    public var consumed: Bool
    /// Attempts it took, the successful one included.
    public var attempts: Int

    public init(id: ItemID, batch: BatchID, image: String, page: Page, finishedAt: Date, consumed: Bool, attempts: Int) {
        self.id = id
        self.batch = batch
        self.image = image
        self.page = page
        if page.source == nil { self.page.source = .file(image, page: page.pageNumber) }
        self.finishedAt = finishedAt
        self.consumed = consumed
        self.attempts = attempts
    }
}

/// A batch and how far it has come.
public struct BatchSummary: Hashable, Sendable {
    public var id: BatchID
    public var name: String?
    /// Where the batch's pages are to be written as one document once all are read; `nil` for a
    /// batch of separate images.
    public var document: String?
    public var createdAt: Date
    public var progress: BatchProgress

    public init(id: BatchID, name: String?, document: String? = nil, createdAt: Date, progress: BatchProgress) {
        self.id = id
        self.name = name
        self.document = document
        self.createdAt = createdAt
        self.progress = progress
    }
}

/// A failed item and why.
public struct ItemFailure: Hashable, Sendable {
    public var id: ItemID
    public var batch: BatchID
    /// The image file, or the document whose page it is.
    public var image: String
    /// The page of the document at ``image`` that failed; `nil` for an image file.
    public var pageNumber: Int?
    public var error: OCRError
    public var attempts: Int
    public var finishedAt: Date

    public init(id: ItemID, batch: BatchID, image: String, pageNumber: Int? = nil, error: OCRError, attempts: Int, finishedAt: Date) {
        self.id = id
        self.batch = batch
        self.image = image
        self.pageNumber = pageNumber
        self.error = error
        self.attempts = attempts
        self.finishedAt = finishedAt
    }
}
