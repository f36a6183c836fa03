import Foundation
import OCRKit

/// Where a queue keeps its batches, items, results and events: SQLite on one machine
/// (`SQLiteQueueStore`), a shared database for workers on many.
///
/// Each method is one transaction. Several processes may share a store: a claim hands an item to
/// one worker only, and an item's outcome is written with its event only while that worker still
/// holds the item's lease.
public protocol QueueStore: Sendable {
    /// Adds a batch of `pages` (repeats removed, first occurrence kept) and returns its ID.
    ///
    /// - Parameters:
    ///   - document: where the batch's pages are to be written as one document, in order, once
    ///     they are all read; `nil` for a batch of separate images.
    ///   - images: for a batch whose images are stored in the queue itself, so that workers on
    ///     machines without the files can read them: the file a page is read from (the image, or
    ///     the page as a document of its own), `nil` for one it cannot read (workers then look for
    ///     the file). `nil` for a batch of paths.
    func addBatch(
        name: String?, pages: [QueuedPage], options: RecognitionOptions, document: String?, images: ImageContents?, now: Date
    ) async throws -> BatchID

    /// Leases the next item to `owner` until `expiry`, counting an attempt: from the oldest batch
    /// with work, its pending items in order, then its retries that are due. `nil` when none is
    /// ready.
    func claimNextItem(owner: String, expiry: Date, now: Date) async throws -> ClaimedItem?

    /// Extends a lease `owner` holds; `false` when it no longer holds it.
    func renewLease(of item: ItemID, owner: String, expiry: Date) async throws -> Bool

    /// Stores the page and marks the item completed; `false` (and nothing written) when `owner`
    /// no longer holds the lease.
    func complete(_ item: ItemID, owner: String, page: Page, now: Date) async throws -> Bool

    /// Records a failed attempt: the item waits until `retryAt`, or fails for good when that is nil.
    @discardableResult
    func fail(_ item: ItemID, owner: String, error: OCRError, retryAt: Date?, now: Date) async throws -> Bool

    /// Gives a leased item back without counting the attempt: a worker that stops before it
    /// could store what it read.
    func release(_ item: ItemID, owner: String, now: Date) async throws

    /// The owners of current leases.
    func leaseOwners() async throws -> Set<String>

    /// Takes back items whose lease expired before `now` or whose owner is in `abandonedBy`: they
    /// wait as retries due now (behind their batch's pending items, so that an image that kills
    /// its process cannot stall the batch), or fail with `interrupted` once they had
    /// `maximumAttempts` attempts. Returns how many items it took back.
    @discardableResult
    func recoverItems(abandonedBy owners: Set<String>, maximumAttempts: Int, now: Date) async throws -> Int

    /// The progress of one batch, or of the whole queue.
    func progress(of batch: BatchID?) async throws -> BatchProgress

    /// Every batch, oldest first.
    func batches() async throws -> [BatchSummary]

    /// Cancels the items of `batch` (or of every batch) that have not started. Returns how many.
    @discardableResult
    func cancel(batch: BatchID?, now: Date) async throws -> Int

    /// Puts failed items back to pending with no attempts counted. Returns how many.
    @discardableResult
    func retryFailed(batch: BatchID?, now: Date) async throws -> Int

    /// Completed items with their pages, in batch order.
    func results(batch: BatchID?, unconsumedOnly: Bool) async throws -> [ItemResult]

    /// `item`'s result, `nil` until it is read (or once it is purged).
    func result(of item: ItemID) async throws -> ItemResult?

    /// Items that failed for good, in batch order.
    func failures(batch: BatchID?) async throws -> [ItemFailure]

    /// The image file's contents stored with `item`, `nil` for an item read at its path.
    func storedImage(of item: ItemID) async throws -> Data?

    /// Marks results as consumed: they may be purged after `purgeAfter`.
    func markConsumed(_ items: [ItemID], purgeAfter: Date) async throws

    /// Deletes consumed results whose purge date has passed, with their items and events;
    /// unconsumed results are never deleted. Returns how many items it deleted.
    @discardableResult
    func purge(now: Date) async throws -> Int

    /// Up to `limit` events after `cursor`, oldest first.
    func events(after cursor: EventCursor, limit: Int) async throws -> [ProcessorEvent]

    /// Whether the store announces changes made by any process sharing it, so that
    /// ``waitFor(_:since:timeout:)`` returns when they happen; a store that does not is polled.
    var announcesChanges: Bool { get }

    /// Returns once `change` has happened, in any process sharing the store, after `instant`
    /// (at once if it already has), or when `timeout` has passed. Pass the instant before you
    /// last looked, so that a change made while you looked is not missed.
    func waitFor(_ change: QueueChange, since instant: ContinuousClock.Instant, timeout: Duration) async

    /// Lets go of the store's connections, for a store that holds some (PostgreSQL's pool).
    /// Calls made after it fail.
    func close() async
}

/// The contents of the file a queued page is read from, or `nil` when it cannot be read.
public typealias ImageContents = @Sendable (_ page: QueuedPage) -> Data?

extension QueueStore {
    /// Adds a batch of `pages`, for workers that read the files where they are.
    public func addBatch(name: String?, pages: [QueuedPage], options: RecognitionOptions, document: String?, now: Date) async throws -> BatchID {
        try await addBatch(name: name, pages: pages, options: options, document: document, images: nil, now: now)
    }

    /// Adds a batch of image files, for workers that read them where they are.
    public func addBatch(name: String?, paths: [String], options: RecognitionOptions, document: String?, now: Date) async throws -> BatchID {
        try await addBatch(name: name, pages: paths.map { QueuedPage(image: $0) }, options: options, document: document, images: nil, now: now)
    }

    /// A store that does not announce changes: callers poll.
    public var announcesChanges: Bool { false }

    /// Waits `timeout`: without announcements, the caller looks again then.
    public func waitFor(_ change: QueueChange, since instant: ContinuousClock.Instant, timeout: Duration) async {
        try? await Task.sleep(for: timeout)
    }

    public func close() async {}
}
