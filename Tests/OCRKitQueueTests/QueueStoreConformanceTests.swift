import Foundation
import OCRKit
import OCRKitQueue
import OCRKitQueuePostgres
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

/// The stores a queue can keep its work in. Every test of ``QueueStoreConformanceTests`` runs on
/// each, so that they cannot drift apart.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// The kinds this machine can run: PostgreSQL where its server starts.
    static var available: [StoreKind] {
        PostgresServer.shared == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// A new, empty store of this kind, and what closes it.
    func makeStore(in folder: TemporaryFolder) async throws -> (store: any QueueStore, close: @Sendable () async -> Void) {
        switch self {
        case .sqlite:
            return (try SQLiteQueueStore(path: folder.file("queue.sqlite")), {})
        case .postgres:
            let store = try await PostgresQueueStore(url: try await #require(PostgresServer.shared).makeDatabase())
            return (store, { await store.close() })
        }
    }
}

/// What every `QueueStore` promises, on SQLite and PostgreSQL alike.
@Suite(.timeLimit(.minutes(4))) struct QueueStoreConformanceTests {
    let folder: TemporaryFolder
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Runs `body` on a new store of `kind`, and closes it.
    private func withStore(_ kind: StoreKind, _ body: (any QueueStore) async throws -> Void) async throws {
        let (store, close) = try await kind.makeStore(in: folder)
        do {
            try await body(store)
            await close()
        } catch {
            await close()
            throw error
        }
    }

    /// Where PostgreSQL is installed, its store is tested: a cluster that failed to start would
    /// otherwise leave these tests running on SQLite alone, and passing.
    @Test(.enabled(if: PostgresServer.isInstalled, "PostgreSQL's server is not installed here"))
    func postgresIsTestedWhereInstalled() throws {
        _ = try PostgresServer.started.get()
        #expect(StoreKind.available.contains(.postgres))
    }

    @Test(arguments: StoreKind.available)
    func batchesKeepTheirPathsOnceInOrder(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let batch = try await store.addBatch(name: "scans", paths: ["b.png", "a.png", "b.png"], options: RecognitionOptions(),
                                                 document: "/tmp/scans.pdf", now: start)
            #expect(try await store.progress(of: batch) == BatchProgress(pending: 2))
            let summary = try #require(try await store.batches().first)
            #expect(summary.id == batch && summary.name == "scans" && summary.document == "/tmp/scans.pdf")
            #expect(summary.createdAt == start)
            let first = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            #expect(first.image == "b.png" && first.attempts == 1 && first.batch == batch)
        }
    }

    @Test(arguments: StoreKind.available)
    func claimsTakeTheOldestBatchAndItsPendingItemsBeforeRetries(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let old = try await store.addBatch(name: nil, paths: ["o1", "o2"], options: .init(), document: nil, now: start)
            _ = try await store.addBatch(name: nil, paths: ["n1"], options: .init(), document: nil, now: start)
            let o1 = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            let failure = OCRError(.engineFailure, path: "o1", reason: "crashed")
            #expect(try await store.fail(o1.id, owner: "w", error: failure, retryAt: start + 10, now: start))
            // o1 waits for its retry: o2 first, then the newer batch, and o1 only once due.
            #expect(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start)?.image == "o2")
            #expect(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start)?.image == "n1")
            #expect(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start + 5) == nil)
            let retried = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start + 11))
            #expect(retried.image == "o1" && retried.attempts == 2 && retried.batch == old)
        }
    }

    @Test(arguments: StoreKind.available)
    func concurrentClaimsNeverShareAnItem(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            _ = try await store.addBatch(name: nil, paths: (0..<60).map { "p\($0)" }, options: .init(), document: nil, now: start)
            let start = start
            let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        var mine: [String] = []
                        while let item = try await store.claimNextItem(owner: "w\(worker)", expiry: start + 60, now: start) {
                            mine.append(item.image)
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.count == 60)
            #expect(Set(claimed).count == 60)
            #expect(try await store.leaseOwners().count >= 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func onlyTheLeaseHolderRecordsAnOutcome(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            _ = try await store.addBatch(name: nil, paths: ["a"], options: .init(), document: nil, now: start)
            let item = try #require(try await store.claimNextItem(owner: "w1", expiry: start + 60, now: start))
            let page = Page(image: "a", width: 10, height: 10, engine: EngineInfo(name: "test", version: "1"), lines: [])
            #expect(try await store.renewLease(of: item.id, owner: "w2", expiry: start + 120) == false)
            #expect(try await store.complete(item.id, owner: "w2", page: page, now: start) == false)
            #expect(try await store.renewLease(of: item.id, owner: "w1", expiry: start + 120))
            #expect(try await store.complete(item.id, owner: "w1", page: page, now: start + 1))
            #expect(try await store.complete(item.id, owner: "w1", page: page, now: start + 2) == false)
            let results = try await store.results(batch: nil, unconsumedOnly: true)
            #expect(results.map(\.page) == [page] && results.first?.attempts == 1)
            #expect(results.first?.finishedAt == start + 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func failuresRetriesAndTheirEvents(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let batch = try await store.addBatch(name: nil, paths: ["a"], options: .init(), document: nil, now: start)
            let item = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            #expect(try await store.fail(item.id, owner: "w", error: OCRError(.engineFailure, path: "a", reason: "once"),
                                         retryAt: start + 1, now: start))
            let again = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start + 2))
            #expect(try await store.fail(again.id, owner: "w", error: OCRError(.corrupt, path: "a", reason: "truncated"),
                                         retryAt: nil, now: start + 3))
            #expect(try await store.progress(of: batch) == BatchProgress(failed: 1))
            let failure = try #require(try await store.failures(batch: batch).first)
            #expect(failure.error == OCRError(.corrupt, path: "a", reason: "truncated") && failure.attempts == 2)
            let events = try await store.events(after: .beginning, limit: 10)
            #expect(events.map(\.kind) == [.failed(OCRError(.engineFailure, path: "a", reason: "once"), willRetry: true),
                                            .failed(OCRError(.corrupt, path: "a", reason: "truncated"), willRetry: false)])
            #expect(try await store.retryFailed(batch: nil, now: start + 4) == 1)
            #expect(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start + 4)?.attempts == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func releasedItemsWaitAgainWithoutTheAttempt(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            _ = try await store.addBatch(name: nil, paths: ["a"], options: .init(), document: nil, now: start)
            let item = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            try await store.release(item.id, owner: "w", now: start)
            #expect(try await store.progress(of: nil) == BatchProgress(pending: 1))
            #expect(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start)?.attempts == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func abandonedItemsComeBackOrFailOnceOutOfAttempts(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            _ = try await store.addBatch(name: nil, paths: ["expired", "crashed", "kept"], options: .init(), document: nil, now: start)
            _ = try await store.claimNextItem(owner: "gone", expiry: start + 10, now: start)
            _ = try await store.claimNextItem(owner: "dead", expiry: start + 600, now: start)
            _ = try await store.claimNextItem(owner: "alive", expiry: start + 600, now: start)
            #expect(try await store.recoverItems(abandonedBy: ["dead"], maximumAttempts: 3, now: start + 20) == 2)
            #expect(try await store.leaseOwners() == ["alive"])
            // Taken back as retries due now; at the last attempt, a failure for good.
            let back = try #require(try await store.claimNextItem(owner: "w", expiry: start + 600, now: start + 20))
            #expect(back.attempts == 2)
            #expect(try await store.recoverItems(abandonedBy: ["w"], maximumAttempts: 2, now: start + 30) == 1)
            let failure = try #require(try await store.failures(batch: nil).first)
            #expect(failure.image == back.image && failure.error.code == .interrupted)
            #expect(try await store.events(after: .beginning, limit: 10).map(\.image) == [back.image])
        }
    }

    @Test(arguments: StoreKind.available)
    func cancellingLeavesItemsBeingRead(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let batch = try await store.addBatch(name: nil, paths: ["a", "b", "c"], options: .init(), document: nil, now: start)
            let other = try await store.addBatch(name: nil, paths: ["d"], options: .init(), document: nil, now: start)
            _ = try await store.claimNextItem(owner: "w", expiry: start + 60, now: start)
            #expect(try await store.cancel(batch: batch, now: start) == 2)
            #expect(try await store.progress(of: batch) == BatchProgress(cancelled: 2, pending: 1))
            #expect(try await store.progress(of: other) == BatchProgress(pending: 1))
            #expect(try await store.events(after: .beginning, limit: 10).map(\.kind) == [.cancelled, .cancelled])
            #expect(try await store.cancel(batch: nil, now: start) == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func consumedResultsArePurgedAfterTheirRetention(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            _ = try await store.addBatch(name: nil, paths: ["a", "b"], options: .init(), document: nil, now: start)
            let page = Page(image: "a", width: 10, height: 10, engine: EngineInfo(name: "test", version: "1"), lines: [])
            for _ in 0..<2 {
                let item = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
                _ = try await store.complete(item.id, owner: "w", page: page, now: start)
            }
            let first = try #require(try await store.results(batch: nil, unconsumedOnly: true).first)
            try await store.markConsumed([first.id], purgeAfter: start + 100)
            #expect(try await store.results(batch: nil, unconsumedOnly: true).count == 1)
            #expect(try await store.results(batch: nil, unconsumedOnly: false).count == 2)
            #expect(try await store.purge(now: start + 50) == 0)
            #expect(try await store.purge(now: start + 100) == 1)
            #expect(try await store.results(batch: nil, unconsumedOnly: false).count == 1)
            #expect(try await store.events(after: .beginning, limit: 10).count == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func eventsReplayFromAnyCursor(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let batch = try await store.addBatch(name: nil, paths: ["a", "b", "c"], options: .init(), document: nil, now: start)
            #expect(try await store.cancel(batch: batch, now: start) == 3)
            let all = try await store.events(after: .beginning, limit: 10)
            #expect(all.map(\.image) == ["a", "b", "c"] && all.map(\.index) == [0, 1, 2])
            #expect(all.allSatisfy { $0.batch == batch && $0.batchTotal == 3 })
            #expect(try await store.events(after: all[0].cursor, limit: 1).map(\.image) == ["b"])
            #expect(try await store.events(after: all[2].cursor, limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func eachPageOfADocumentIsAnItemOfItsOwn(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let scan = [1, 2, 3].map { QueuedPage(image: "scan.pdf", pageNumber: $0) }
            let pages = [scan[0], scan[1], QueuedPage(image: "photo.jpg"), scan[0], scan[2]]
            let cut = Data("page two alone".utf8)
            let batch = try await store.addBatch(name: nil, pages: pages, options: .init(), document: nil,
                                                 images: { $0 == scan[1] ? cut : nil }, now: start)
            #expect(try await store.progress(of: batch) == BatchProgress(pending: 4), "the repeated page is one item")
            var claimed: [ClaimedItem] = []
            while let item = try await store.claimNextItem(owner: "w", expiry: start + 60, now: start) { claimed.append(item) }
            #expect(claimed.map { QueuedPage(image: $0.image, pageNumber: $0.pageNumber) } == [scan[0], scan[1], QueuedPage(image: "photo.jpg"), scan[2]])
            #expect(claimed.map(\.contents) == [nil, cut, nil, nil], "each page's own stored file")

            var read = Page(image: "scan.pdf", width: 1, height: 1, engine: EngineInfo(name: "test", version: "1"), lines: [])
            read.pageNumber = 1
            #expect(try await store.complete(claimed[0].id, owner: "w", page: read, now: start))
            #expect(try await store.fail(claimed[1].id, owner: "w", error: OCRError(.corrupt, path: "scan.pdf", reason: "damaged page"),
                                         retryAt: nil, now: start))
            #expect(try await store.results(batch: batch, unconsumedOnly: false).map(\.page.pageNumber) == [1])
            #expect(try await store.failures(batch: batch).map(\.pageNumber) == [2])
            #expect(try await store.events(after: .beginning, limit: 10).map(\.pageNumber) == [1, 2])
            #expect(try await store.storedImage(of: claimed[1].id) == cut)
        }
    }

    @Test(arguments: StoreKind.available)
    func optionsTravelWithTheirBatch(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            var options = RecognitionOptions(languages: ["eng", "deu"], alternativeCount: 2)
            options.straightensPage = true
            _ = try await store.addBatch(name: nil, paths: ["a"], options: options, document: nil, now: start)
            #expect(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start)?.options == options)
        }
    }

    @Test(arguments: StoreKind.available)
    func storedImagesTravelWithTheirClaims(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let photo = Data((0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 * 31) })
            _ = try await store.addBatch(name: nil, pages: ["photo.jpg", "unreadable.jpg", "photo.jpg"].map { QueuedPage(image: $0) },
                                         options: .init(), document: nil, images: { $0.image == "photo.jpg" ? photo : nil }, now: start)
            let stored = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            #expect(stored.image == "photo.jpg" && stored.contents == photo)
            let unread = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            #expect(unread.image == "unreadable.jpg" && unread.contents == nil)
            _ = try await store.addBatch(name: nil, paths: ["a.png"], options: .init(), document: nil, now: start)
            let path = try #require(try await store.claimNextItem(owner: "w", expiry: start + 60, now: start))
            #expect(path.contents == nil)
            // Kept after the item is read, for a document of the batch's pages to embed.
            #expect(try await store.complete(stored.id, owner: "w", page: Page(image: "photo.jpg", width: 1, height: 1, engine: EngineInfo(name: "test", version: "1"), lines: []),
                                             now: start))
            #expect(try await store.storedImage(of: stored.id) == photo)
            #expect(try await store.result(of: stored.id)?.page.image == "photo.jpg")
            #expect(try await store.result(of: unread.id) == nil, "not read yet")
            #expect(try await store.storedImage(of: unread.id) == nil)
            #expect(try await store.storedImage(of: path.id) == nil)
        }
    }

    @Test(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason))
    func documentationExample() async throws {
        let fixture = try QueueFixture()
        let queueURL = try await #require(PostgresServer.shared).makeDatabase(), reader = fixture.reader, scans = try fixture.images(2)

        // Example from Sources/OCRKitQueuePostgres/PostgresQueueStore.swift
        let store = try await PostgresQueueStore(url: queueURL)   // postgres://ocr@db.example:5432/ocr
        let processor = OCRProcessor(store: store, reader: reader)
        let batch = try await processor.enqueue(scans)
        // ... start the processor here, or `ocr worker` on other machines
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        #expect(try await store.results(batch: batch, unconsumedOnly: true).map(\.page.text) == ["Queued page 0", "Queued page 1"])
        await store.close()
    }

    @Test func postgresAddressesAreCheckedAndPasswordsKeptOutOfMessages() async throws {
        for (url, reason) in [("mysql://u@h/db", "not a postgres:// URL"), ("postgres://h/db", "no user name"),
                              ("postgres://u@h", "no database name"), ("postgres://u:secret@/db", "no host"),
                              ("postgres://u:secret@h/db?sslmode=allow", "sslmode=allow is not one of"),
                              ("postgres://u@h/db?sslmode=verify-full&sslrootcert=/nonexistent.pem", "cannot read the sslrootcert")] {
            await #expect(throws: OCRError.self, "\(url)") {
                do {
                    _ = try await PostgresQueueStore(url: url)
                } catch let error as OCRError {
                    #expect(error.code == .invalidOption && error.reason.hasPrefix(reason), "\(error)")
                    #expect(!error.description.contains("secret"))
                    throw error
                }
            }
        }
    }
}
