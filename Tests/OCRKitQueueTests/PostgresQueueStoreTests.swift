import Foundation
import OCRKit
import OCRKitQueue
import OCRKitQueuePostgres
import OCRKitTestSupport
import Testing

/// What only the PostgreSQL store does: announcements between stores, and its schema's versions.
/// (What every store does is in ``QueueStoreConformanceTests``.)
@Suite(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason), .heavy(hangGuard: .seconds(240)))
struct PostgresQueueStoreTests {
    /// Longer than any test waits: a waiter that returns sooner was woken by an announcement.
    private let unwoken = Duration.seconds(100)

    @Test func everyStoreOnTheDatabaseHearsOfReadyItemsAndEvents() async throws {
        let url = try await #require(PostgresServer.shared).makeDatabase()
        let writer = try await PostgresQueueStore(url: url)
        let opened = ContinuousClock.now
        let waiter = try await PostgresQueueStore(url: url)
        #expect(waiter.announcesChanges)
        // Its listening connection counts every change as made when it connects.
        await waiter.waitFor(.itemsReady, since: opened, timeout: unwoken)

        let start = Date()
        let enqueued = try await waitTime(of: waiter, for: .itemsReady) {
            _ = try await writer.addBatch(name: nil, paths: ["a.png"], options: .init(), document: nil, now: start)
        }
        let item = try #require(try await writer.claimNextItem(owner: "w", expiry: start + 60, now: start))
        let completed = try await waitTime(of: waiter, for: .eventsRecorded) {
            _ = try await writer.complete(item.id, owner: "w", page: Page(image: "a.png", width: 10, height: 10, engine: EngineInfo(name: "test", version: "1"), lines: []), now: start)
        }
        #expect(enqueued < unwoken / 2 && completed < unwoken / 2)

        // A change made before the wait, while the waiter was looking, is not missed.
        let looked = ContinuousClock.now
        _ = try await writer.addBatch(name: nil, paths: ["b.png"], options: .init(), document: nil, now: start)
        let late = try await waitTime(of: waiter, for: .itemsReady, since: looked) {}
        #expect(late < unwoken / 2)
        await writer.close()
        await waiter.close()
    }

    @Test func anOlderSchemaIsMigratedAndANewerOneRefused() async throws {
        let server = try #require(PostgresServer.shared)
        let url = try await server.makeDatabase()
        try await PostgresQueueStore(url: url).close()
        // The schema as the first version made it: no stored images, one item a file.
        try await server.execute("""
            DROP TABLE item_image; DROP INDEX item_by_page; ALTER TABLE item DROP COLUMN page;
            ALTER TABLE item ADD CONSTRAINT item_batch_id_path_key UNIQUE (batch_id, path);
            INSERT INTO batch (options, item_count, created_at) VALUES ('{}', 1, 0);
            INSERT INTO item (batch_id, ordinal, path, status, created_at, updated_at) VALUES (1, 0, 'old.png', 'pending', 0, 0);
            UPDATE ocrkit_schema SET version = 1
            """, in: url)
        let store = try await PostgresQueueStore(url: url)
        _ = try await store.addBatch(name: nil, pages: [QueuedPage(image: "a.pdf", pageNumber: 1), QueuedPage(image: "a.pdf", pageNumber: 2)],
                                     options: .init(), document: nil, images: { _ in Data([1]) }, now: Date())
        let old = try #require(try await store.claimNextItem(owner: "w", expiry: Date() + 60, now: Date()))
        #expect(old.image == "old.png" && old.pageNumber == nil, "the queue's items are kept")
        let page = try #require(try await store.claimNextItem(owner: "w", expiry: Date() + 60, now: Date()))
        #expect(page.pageNumber == 1 && page.contents == Data([1]))
        await store.close()

        try await server.execute("UPDATE ocrkit_schema SET version = \(PostgresQueueStore.schemaVersion + 1)", in: url)
        await #expect {
            try await PostgresQueueStore(url: url)
        } throws: { error in
            (error as? OCRError)?.code == .storeFailure && "\(error)".contains("this OCRKit knows up to \(PostgresQueueStore.schemaVersion)")
        }
    }

    @Test func errorsSayWhatTheDatabaseAnswered() async throws {
        let server = try #require(PostgresServer.shared)
        let url = try await server.makeDatabase()
        let store = try await PostgresQueueStore(url: url)
        try await server.execute("DROP TABLE event", in: url)
        await #expect {
            try await store.events(after: .beginning, limit: 10)
        } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.code == .storeFailure && error.reason.contains(#"relation "event" does not exist"#) && error.path == url
        }
        await store.close()
    }

    @Test func connectionsAreEncryptedAsTheURLAsks() async throws {
        let folder = try TemporaryFolder()
        let certificate = folder.file("server.crt"), key = folder.file("server.key")
        let made = try await ChildProcess.run("openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        #expect(made.status == 0)
        let server = try PostgresServer(tls: (certificate, key))
        defer { server.stop() }
        let url = try await server.makeDatabase()

        // The server takes encrypted connections only.
        await #expect {
            try await PostgresQueueStore(url: url + "?sslmode=disable")
        } throws: { error in
            "\(error)".contains("no encryption")
        }
        for mode in ["prefer", "require", "verify-full&sslrootcert=\(certificate)"] {
            let store = try await PostgresQueueStore(url: url + "?sslmode=" + mode)
            _ = try await store.addBatch(name: mode, paths: ["a.png"], options: .init(), document: nil, now: Date())
            await store.close()
        }
        // verify-full trusts the system's authorities only, unless told of another.
        await #expect(throws: OCRError.self) { try await PostgresQueueStore(url: url + "?sslmode=verify-full") }
    }

    /// How long `store` waited for `change` while `making` made it. Whether the waiter or the change
    /// comes first does not matter: a change after `instant` counts.
    private func waitTime(
        of store: PostgresQueueStore, for change: QueueChange, since instant: ContinuousClock.Instant = .now,
        making: @Sendable () async throws -> Void
    ) async throws -> Duration {
        let unwoken = self.unwoken
        async let waited: Duration = ContinuousClock().measure {
            await store.waitFor(change, since: instant, timeout: unwoken)
        }
        try await making()
        return await waited
    }
}
