import Foundation
import GRDB
import OCRKit
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

/// What only the SQLite store has to get right: its own schema's migrations.
@Suite struct SQLiteQueueStoreTests {
    /// A queue file as OCRKit made it before documents' pages were items: one item a path.
    @Test func aQueueFromBeforePagesKeepsItsItemsImagesAndEvents() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("queue.sqlite")
        let old = try DatabaseQueue(path: path)
        try await old.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1'), ('v2: documents'), ('v3: stored images');
                CREATE TABLE batch (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, options TEXT NOT NULL,
                    itemCount INTEGER NOT NULL, createdAt DOUBLE NOT NULL, document TEXT);
                CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT,
                    batchId INTEGER NOT NULL REFERENCES batch(id) ON DELETE CASCADE, ordinal INTEGER NOT NULL,
                    path TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, leaseOwner TEXT,
                    leaseExpiresAt DOUBLE, retryAt DOUBLE, errorCode TEXT, errorMessage TEXT, result BLOB,
                    createdAt DOUBLE NOT NULL, updatedAt DOUBLE NOT NULL, finishedAt DOUBLE,
                    consumed BOOLEAN NOT NULL DEFAULT 0, purgeAfter DOUBLE, UNIQUE (batchId, path));
                CREATE INDEX item_by_status ON item(status, batchId, ordinal);
                CREATE TABLE event (id INTEGER PRIMARY KEY AUTOINCREMENT,
                    itemId INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE, kind TEXT NOT NULL, errorCode TEXT,
                    errorMessage TEXT, willRetry BOOLEAN NOT NULL DEFAULT 0, createdAt DOUBLE NOT NULL);
                CREATE TABLE itemImage (itemId INTEGER PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE, contents BLOB NOT NULL);
                INSERT INTO batch VALUES (1, 'old', '{}', 2, 0, NULL);
                INSERT INTO item (id, batchId, ordinal, path, status, createdAt, updatedAt, finishedAt)
                    VALUES (1, 1, 0, 'gone.png', 'cancelled', 0, 0, 0), (2, 1, 1, 'old.png', 'pending', 0, 0, NULL);
                INSERT INTO event (itemId, kind, createdAt) VALUES (1, 'cancelled', 0);
                INSERT INTO itemImage VALUES (2, x'0102');
                """)
        }
        try old.close()

        let store = try SQLiteQueueStore(path: path)
        let events = try await store.events(after: .beginning, limit: 10)
        #expect(events.map(\.image) == ["gone.png"] && events.first?.kind == .cancelled)
        let item = try #require(try await store.claimNextItem(owner: "w", expiry: Date() + 60, now: Date()))
        #expect(item.image == "old.png" && item.pageNumber == nil && item.contents == Data([1, 2]))

        let pages = [QueuedPage(image: "scan.pdf", pageNumber: 1), QueuedPage(image: "scan.pdf", pageNumber: 2)]
        let batch = try await store.addBatch(name: nil, pages: pages, options: .init(), document: nil, now: Date())
        #expect(try await store.progress(of: batch).pending == 2)
        // Deleting a batch's items still takes their events and images with them.
        #expect(try await store.cancel(batch: nil, now: Date()) == 2)
        #expect(try await store.storedImage(of: item.id) == Data([1, 2]))
    }
}
