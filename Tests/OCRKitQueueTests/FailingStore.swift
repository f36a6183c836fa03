import Foundation
import OCRKit
import OCRKitQueue
import OCRKitQueueSQLite
import Synchronization

/// A SQLite store whose calls fail while told to, as a full disk or a lost database would make
/// them: the processor's handling of store failures, on a real store.
final class FailingStore: QueueStore {
    enum Call: Hashable {
        case claim, complete, fail, renew, progress, events
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk I/O error (simulated)" }
    }

    let store: SQLiteQueueStore
    private let failing = Mutex<Set<Call>>([])
    /// How many times each call failed.
    private let failures = Mutex<[Call: Int]>([:])

    init(_ store: SQLiteQueueStore) {
        self.store = store
    }

    func fail(_ calls: Set<Call>) { failing.withLock { $0 = calls } }
    func failureCount(of call: Call) -> Int { failures.withLock { $0[call, default: 0] } }

    private func check(_ call: Call) throws {
        if failing.withLock({ $0.contains(call) }) {
            failures.withLock { $0[call, default: 0] += 1 }
            throw Failure()
        }
    }

    func addBatch(
        name: String?, pages: [QueuedPage], options: RecognitionOptions, document: String?, images: ImageContents?, now: Date
    ) async throws -> BatchID {
        try await store.addBatch(name: name, pages: pages, options: options, document: document, images: images, now: now)
    }

    func claimNextItem(owner: String, expiry: Date, now: Date) async throws -> ClaimedItem? {
        try check(.claim)
        return try await store.claimNextItem(owner: owner, expiry: expiry, now: now)
    }

    func renewLease(of item: ItemID, owner: String, expiry: Date) async throws -> Bool {
        try check(.renew)
        return try await store.renewLease(of: item, owner: owner, expiry: expiry)
    }

    func complete(_ item: ItemID, owner: String, page: Page, now: Date) async throws -> Bool {
        try check(.complete)
        return try await store.complete(item, owner: owner, page: page, now: now)
    }

    func fail(_ item: ItemID, owner: String, error: OCRError, retryAt: Date?, now: Date) async throws -> Bool {
        try check(.fail)
        return try await store.fail(item, owner: owner, error: error, retryAt: retryAt, now: now)
    }

    func release(_ item: ItemID, owner: String, now: Date) async throws {
        try await store.release(item, owner: owner, now: now)
    }

    func leaseOwners() async throws -> Set<String> { try await store.leaseOwners() }

    func recoverItems(abandonedBy owners: Set<String>, maximumAttempts: Int, now: Date) async throws -> Int {
        try await store.recoverItems(abandonedBy: owners, maximumAttempts: maximumAttempts, now: now)
    }

    func progress(of batch: BatchID?) async throws -> BatchProgress {
        try check(.progress)
        return try await store.progress(of: batch)
    }

    func batches() async throws -> [BatchSummary] { try await store.batches() }
    func cancel(batch: BatchID?, now: Date) async throws -> Int { try await store.cancel(batch: batch, now: now) }
    func retryFailed(batch: BatchID?, now: Date) async throws -> Int { try await store.retryFailed(batch: batch, now: now) }

    func results(batch: BatchID?, unconsumedOnly: Bool) async throws -> [ItemResult] {
        try await store.results(batch: batch, unconsumedOnly: unconsumedOnly)
    }

    func failures(batch: BatchID?) async throws -> [ItemFailure] { try await store.failures(batch: batch) }
    func storedImage(of item: ItemID) async throws -> Data? { try await store.storedImage(of: item) }
    func result(of item: ItemID) async throws -> ItemResult? { try await store.result(of: item) }
    func markConsumed(_ items: [ItemID], purgeAfter: Date) async throws { try await store.markConsumed(items, purgeAfter: purgeAfter) }
    func purge(now: Date) async throws -> Int { try await store.purge(now: now) }

    func events(after cursor: EventCursor, limit: Int) async throws -> [ProcessorEvent] {
        try check(.events)
        return try await store.events(after: cursor, limit: limit)
    }
}
