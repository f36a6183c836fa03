import Foundation
import OCRKit
import OCRKitQueue

/// A batch as the API shows it: `GET /v1/batches/{id}`.
struct BatchMessage: Codable, Sendable {
    var id: Int64
    var name: String?
    var createdAt: Date
    var total: Int
    var completed: Int
    var failed: Int
    var cancelled: Int
    var pending: Int
    var done: Bool

    init(_ summary: BatchSummary) {
        id = summary.id.rawValue
        name = summary.name
        createdAt = summary.createdAt
        total = summary.progress.total
        completed = summary.progress.completed
        failed = summary.progress.failed
        cancelled = summary.progress.cancelled
        pending = summary.progress.pending
        done = summary.progress.isDone
    }
}

/// An item that failed for good: `GET /v1/batches/{id}/failures`.
struct FailureMessage: Codable, Sendable {
    var item: Int64
    var image: String
    /// The page of a document (a PDF, a multi-page TIFF), from 1; absent for an image.
    var page: Int?
    var code: String
    var message: String
    var attempts: Int

    init(_ failure: ItemFailure) {
        item = failure.id.rawValue
        image = failure.image
        page = failure.pageNumber
        code = failure.error.code.rawValue
        message = failure.error.description
        attempts = failure.attempts
    }
}

/// One of the queue's events, as `GET /v1/events` streams it: what happened to which image,
/// without the page (fetch the batch's results for that), so that a 300-page batch streams light.
struct EventMessage: Codable, Sendable {
    var cursor: Int64
    var batch: Int64
    var item: Int64
    var image: String
    /// The page of a document (a PDF, a multi-page TIFF), from 1; absent for an image.
    var page: Int?
    /// The image's place in its batch, from 0, and how many the batch holds.
    var index: Int
    var total: Int
    /// `completed`, `failed` or `cancelled`.
    var kind: String
    /// For a failure: whether the image will be tried again, and why it failed.
    var willRetry: Bool?
    var error: String?
    /// For a completed image: its text's length, and its words flagged for review.
    var characters: Int?
    var flaggedWords: Int?
    var time: Date

    init(_ event: ProcessorEvent) {
        cursor = event.cursor.rawValue
        batch = event.batch.rawValue
        item = event.item.rawValue
        image = event.image
        page = event.pageNumber
        index = event.index
        total = event.batchTotal
        time = event.time
        switch event.kind {
        case .completed(let page):
            kind = "completed"
            characters = page?.text.count
            flaggedWords = page.map { $0.words.filter(\.isFlagged).count }
        case .failed(let error, let retry):
            kind = "failed"
            willRetry = retry
            self.error = error.description
        case .cancelled:
            kind = "cancelled"
        }
    }
}

extension JSONEncoder {
    /// Dates as ISO 8601, keys sorted: what every JSON answer of the server is written with.
    static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
