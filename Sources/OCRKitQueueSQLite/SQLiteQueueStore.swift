import Foundation
import GRDB
import OCRKit
import OCRKitQueue

/// The queue in one SQLite file, through GRDB: WAL mode, so readers never wait for the writer,
/// and several processes can share the file.
///
/// ```swift
/// let store = try SQLiteQueueStore(path: queuePath)
/// let processor = OCRProcessor(store: store, reader: reader, configuration: .init(diskPath: store.path))
/// ```
public final class SQLiteQueueStore: QueueStore {
    private let database: DatabasePool
    public let path: String

    /// Opens the queue at `path`, creating the file, its folder and its tables as needed.
    public init(path: String) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var configuration = Configuration()
        // Other processes hold the write lock for a transaction at a time: wait rather than fail.
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            // WAL with NORMAL sync survives a killed process (only a power cut can lose the last
            // transactions), and does not wait for the disk on every item.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot open the queue database: \(error)", underlyingError: error)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE batch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT,
                    options TEXT NOT NULL,
                    itemCount INTEGER NOT NULL,
                    createdAt DOUBLE NOT NULL
                );
                CREATE TABLE item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    batchId INTEGER NOT NULL REFERENCES batch(id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    status TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    leaseOwner TEXT,
                    leaseExpiresAt DOUBLE,
                    retryAt DOUBLE,
                    errorCode TEXT,
                    errorMessage TEXT,
                    result BLOB,
                    createdAt DOUBLE NOT NULL,
                    updatedAt DOUBLE NOT NULL,
                    finishedAt DOUBLE,
                    consumed BOOLEAN NOT NULL DEFAULT 0,
                    purgeAfter DOUBLE,
                    UNIQUE (batchId, path)
                );
                CREATE INDEX item_by_status ON item(status, batchId, ordinal);
                CREATE TABLE event (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    itemId INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    errorCode TEXT,
                    errorMessage TEXT,
                    willRetry BOOLEAN NOT NULL DEFAULT 0,
                    createdAt DOUBLE NOT NULL
                );
                CREATE INDEX event_by_item ON event(itemId);
                """)
        }
        migrator.registerMigration("v2: documents") { db in
            try db.execute(sql: "ALTER TABLE batch ADD COLUMN document TEXT")
        }
        migrator.registerMigration("v3: stored images") { db in
            // A table of their own: scans of the item table do not wade through image bytes.
            try db.execute(sql: """
                CREATE TABLE itemImage (
                    itemId INTEGER PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
                    contents BLOB NOT NULL
                )
                """)
        }
        migrator.registerMigration("v4: pages of documents") { db in
            // Several items of a batch may now read one file, a page each. SQLite cannot drop a
            // table's UNIQUE constraint, so the table is made again (foreign keys are checked once
            // the migration ends, when `item` has its rows back).
            try db.execute(sql: """
                CREATE TABLE newItem (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    batchId INTEGER NOT NULL REFERENCES batch(id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    page INTEGER,
                    status TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    leaseOwner TEXT,
                    leaseExpiresAt DOUBLE,
                    retryAt DOUBLE,
                    errorCode TEXT,
                    errorMessage TEXT,
                    result BLOB,
                    createdAt DOUBLE NOT NULL,
                    updatedAt DOUBLE NOT NULL,
                    finishedAt DOUBLE,
                    consumed BOOLEAN NOT NULL DEFAULT 0,
                    purgeAfter DOUBLE
                );
                INSERT INTO newItem (id, batchId, ordinal, path, status, attempts, leaseOwner, leaseExpiresAt, retryAt, errorCode,
                    errorMessage, result, createdAt, updatedAt, finishedAt, consumed, purgeAfter)
                SELECT id, batchId, ordinal, path, status, attempts, leaseOwner, leaseExpiresAt, retryAt, errorCode,
                    errorMessage, result, createdAt, updatedAt, finishedAt, consumed, purgeAfter FROM item;
                DROP TABLE item;
                ALTER TABLE newItem RENAME TO item;
                CREATE UNIQUE INDEX item_by_page ON item(batchId, path, IFNULL(page, 0));
                CREATE INDEX item_by_status ON item(status, batchId, ordinal);
                """)
        }
        return migrator
    }

    // MARK: Writing

    public func addBatch(
        name: String?, pages: [QueuedPage], options: RecognitionOptions, document: String?, images: ImageContents?, now: Date
    ) async throws -> BatchID {
        let record = try BatchRecord(pages: pages, options: options)
        let time = now.timeIntervalSince1970
        return try await database.write { db in
            try db.execute(sql: "INSERT INTO batch (name, document, options, itemCount, createdAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [name, document, record.options, record.pages.count, time])
            let batch = db.lastInsertedRowID
            let insert = try db.makeStatement(sql: """
                INSERT INTO item (batchId, ordinal, path, page, status, createdAt, updatedAt)
                VALUES (?, ?, ?, ?, \(ItemStatus.pending.sql), ?, ?)
                """)
            let store = try db.makeStatement(sql: "INSERT INTO itemImage (itemId, contents) VALUES (?, ?)")
            for (ordinal, page) in record.pages.enumerated() {
                try insert.execute(arguments: [batch, ordinal, page.image, page.pageNumber, time, time])
                if let contents = images?(page) { try store.execute(arguments: [db.lastInsertedRowID, contents]) }
            }
            return BatchID(rawValue: batch)
        }
    }

    public func claimNextItem(owner: String, expiry: Date, now: Date) async throws -> ClaimedItem? {
        let time = now.timeIntervalSince1970
        return try await database.write { db in
            // The oldest batch first; within it, pending items before retries, so that an item
            // that keeps failing or crashing its process does not hold up the others. Two indexed
            // look-ups: one query with both orders would scan the whole queue.
            let pending = try Row.fetchOne(db, sql: """
                SELECT id, batchId FROM item WHERE status = \(ItemStatus.pending.sql) ORDER BY batchId, ordinal LIMIT 1
                """)
            let retry = try Row.fetchOne(db, sql: """
                SELECT id, batchId FROM item WHERE status = \(ItemStatus.retrying.sql) AND retryAt <= ? ORDER BY batchId, ordinal LIMIT 1
                """, arguments: [time])
            let chosen: Row? = switch (pending, retry) {
            case let (pending?, retry?): (retry["batchId"] as Int64) < (pending["batchId"] as Int64) ? retry : pending
            case let (pending, retry): pending ?? retry
            }
            guard let candidate = chosen?["id"] as Int64? else { return nil }
            guard let row = try Row.fetchOne(db, sql: """
                UPDATE item SET status = \(ItemStatus.processing.sql), leaseOwner = ?, leaseExpiresAt = ?, attempts = attempts + 1,
                    retryAt = NULL, updatedAt = ?
                WHERE id = ?
                RETURNING id, batchId, path, page, attempts
                """, arguments: [owner, expiry.timeIntervalSince1970, time, candidate]) else { return nil }
            let batch: Int64 = row["batchId"]
            let options = try String.fetchOne(db, sql: "SELECT options FROM batch WHERE id = ?", arguments: [batch]) ?? "{}"
            let contents = try Data.fetchOne(db, sql: "SELECT contents FROM itemImage WHERE itemId = ?", arguments: [candidate])
            return ClaimedItem(id: ItemID(rawValue: row["id"]), batch: BatchID(rawValue: batch), image: row["path"], pageNumber: row["page"],
                               options: try BatchRecord.options(from: options), attempts: row["attempts"], contents: contents)
        }
    }

    public func renewLease(of item: ItemID, owner: String, expiry: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE item SET leaseExpiresAt = ? WHERE id = ? AND status = \(ItemStatus.processing.sql) AND leaseOwner = ?
                """, arguments: [expiry.timeIntervalSince1970, item.rawValue, owner])
            return db.changesCount == 1
        }
    }

    public func complete(_ item: ItemID, owner: String, page: Page, now: Date) async throws -> Bool {
        let result = try page.jsonData()
        let time = now.timeIntervalSince1970
        return try await database.write { db in
            try db.execute(sql: """
                UPDATE item SET status = \(ItemStatus.completed.sql), result = ?, leaseOwner = NULL, leaseExpiresAt = NULL,
                    errorCode = NULL, errorMessage = NULL, updatedAt = ?, finishedAt = ?
                WHERE id = ? AND status = \(ItemStatus.processing.sql) AND leaseOwner = ?
                """, arguments: [result, time, time, item.rawValue, owner])
            guard db.changesCount == 1 else { return false }
            try Self.recordEvent(db, item: item.rawValue, kind: .completed, time: time)
            return true
        }
    }

    @discardableResult
    public func fail(_ item: ItemID, owner: String, error: OCRError, retryAt: Date?, now: Date) async throws -> Bool {
        let time = now.timeIntervalSince1970
        return try await database.write { db in
            try db.execute(sql: """
                UPDATE item SET status = ?, retryAt = ?, errorCode = ?, errorMessage = ?, leaseOwner = NULL,
                    leaseExpiresAt = NULL, updatedAt = ?, finishedAt = ?
                WHERE id = ? AND status = \(ItemStatus.processing.sql) AND leaseOwner = ?
                """, arguments: [(retryAt == nil ? ItemStatus.failed : .retrying).rawValue, retryAt?.timeIntervalSince1970,
                                 error.code.rawValue, error.reason, time, retryAt == nil ? time : nil,
                                 item.rawValue, owner])
            guard db.changesCount == 1 else { return false }
            try Self.recordEvent(db, item: item.rawValue, kind: .failed, error: error, willRetry: retryAt != nil, time: time)
            return true
        }
    }

    public func release(_ item: ItemID, owner: String, now: Date) async throws {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE item SET status = \(ItemStatus.pending.sql), attempts = attempts - 1, leaseOwner = NULL, leaseExpiresAt = NULL,
                    updatedAt = ?
                WHERE id = ? AND status = \(ItemStatus.processing.sql) AND leaseOwner = ?
                """, arguments: [now.timeIntervalSince1970, item.rawValue, owner])
        }
    }

    @discardableResult
    public func recoverItems(abandonedBy owners: Set<String>, maximumAttempts: Int, now: Date) async throws -> Int {
        let time = now.timeIntervalSince1970
        return try await database.write { db in
            let ownerList = Array(owners)
            let placeholders = ownerList.isEmpty ? "NULL" : ownerList.map { _ in "?" }.joined(separator: ", ")
            let abandoned = "status = \(ItemStatus.processing.sql) AND (leaseExpiresAt < ? OR leaseOwner IN (\(placeholders)))"
            let arguments = StatementArguments([time]) + StatementArguments(ownerList)
            // Items out of attempts fail for good, with an event; the others go back to the queue.
            let exhausted = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE \(abandoned) AND attempts >= ?",
                                               arguments: arguments + [maximumAttempts])
            let reason = "interrupted \(maximumAttempts) times: the process reading it stopped"
            for id in exhausted {
                try db.execute(sql: """
                    UPDATE item SET status = \(ItemStatus.failed.sql), errorCode = ?, errorMessage = ?, leaseOwner = NULL,
                        leaseExpiresAt = NULL, updatedAt = ?, finishedAt = ?
                    WHERE id = ?
                    """, arguments: [OCRError.Code.interrupted.rawValue, reason, time, time, id])
                let path = try String.fetchOne(db, sql: "SELECT path FROM item WHERE id = ?", arguments: [id])
                try Self.recordEvent(db, item: id, kind: .failed,
                                     error: OCRError(.interrupted, path: path, reason: reason), willRetry: false, time: time)
            }
            // The others wait behind their batch's pending items, as retries due now.
            try db.execute(sql: """
                UPDATE item SET status = \(ItemStatus.retrying.sql), retryAt = ?, leaseOwner = NULL, leaseExpiresAt = NULL, updatedAt = ?
                WHERE \(abandoned)
                """, arguments: [time, time] + arguments)
            return exhausted.count + db.changesCount
        }
    }

    @discardableResult
    public func cancel(batch: BatchID?, now: Date) async throws -> Int {
        let time = now.timeIntervalSince1970
        return try await database.write { db in
            let scope = Self.limit(to: batch)
            let waiting = "status IN (\(ItemStatus.pending.sql), \(ItemStatus.retrying.sql))"
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE \(waiting) \(scope.sql)", arguments: scope.arguments)
            try db.execute(sql: """
                UPDATE item SET status = \(ItemStatus.cancelled.sql), updatedAt = ?, finishedAt = ?
                WHERE \(waiting) \(scope.sql)
                """, arguments: [time, time] + scope.arguments)
            for id in ids { try Self.recordEvent(db, item: id, kind: .cancelled, time: time) }
            return ids.count
        }
    }

    @discardableResult
    public func retryFailed(batch: BatchID?, now: Date) async throws -> Int {
        try await database.write { db in
            let scope = Self.limit(to: batch)
            try db.execute(sql: """
                UPDATE item SET status = \(ItemStatus.pending.sql), attempts = 0, errorCode = NULL, errorMessage = NULL,
                    finishedAt = NULL, updatedAt = ?
                WHERE status = \(ItemStatus.failed.sql) \(scope.sql)
                """, arguments: [now.timeIntervalSince1970] + scope.arguments)
            return db.changesCount
        }
    }

    public func markConsumed(_ items: [ItemID], purgeAfter: Date) async throws {
        try await database.write { db in
            let statement = try db.makeStatement(sql: """
                UPDATE item SET consumed = 1, purgeAfter = ? WHERE id = ? AND status = \(ItemStatus.completed.sql) AND consumed = 0
                """)
            for item in items {
                try statement.execute(arguments: [purgeAfter.timeIntervalSince1970, item.rawValue])
            }
        }
    }

    @discardableResult
    public func purge(now: Date) async throws -> Int {
        try await database.write { db in
            // Events go with their items (ON DELETE CASCADE); so do batches left empty.
            try db.execute(sql: "DELETE FROM item WHERE consumed = 1 AND purgeAfter <= ?", arguments: [now.timeIntervalSince1970])
            let deleted = db.changesCount
            try db.execute(sql: "DELETE FROM batch WHERE NOT EXISTS (SELECT 1 FROM item WHERE item.batchId = batch.id)")
            return deleted
        }
    }

    private static func recordEvent(
        _ db: Database, item: Int64, kind: StoredEventKind, error: OCRError? = nil, willRetry: Bool = false, time: Double
    ) throws {
        try db.execute(sql: """
            INSERT INTO event (itemId, kind, errorCode, errorMessage, willRetry, createdAt) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [item, kind.rawValue, error?.code.rawValue, error?.reason, willRetry, time])
    }

    // MARK: Reading

    public func leaseOwners() async throws -> Set<String> {
        try await database.read { db in
            Set(try String.fetchAll(db, sql: """
                SELECT DISTINCT leaseOwner FROM item WHERE status = \(ItemStatus.processing.sql) AND leaseOwner IS NOT NULL
                """))
        }
    }

    public func progress(of batch: BatchID?) async throws -> BatchProgress {
        try await database.read { db in
            let scope = Self.limit(to: batch)
            let rows = try Row.fetchAll(db, sql: "SELECT status, COUNT(*) AS count FROM item WHERE TRUE \(scope.sql) GROUP BY status",
                                        arguments: scope.arguments)
            var progress = BatchProgress()
            for row in rows {
                if let status = ItemStatus(rawValue: row["status"]) { progress.add(status, count: row["count"]) }
            }
            return progress
        }
    }

    public func batches() async throws -> [BatchSummary] {
        try await database.read { db in
            var summaries: [Int64: BatchSummary] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, name, document, createdAt FROM batch") {
                let id: Int64 = row["id"]
                summaries[id] = BatchSummary(id: BatchID(rawValue: id), name: row["name"], document: row["document"],
                                             createdAt: Date(timeIntervalSince1970: row["createdAt"]), progress: BatchProgress())
            }
            for row in try Row.fetchAll(db, sql: "SELECT batchId, status, COUNT(*) AS count FROM item GROUP BY batchId, status") {
                let id: Int64 = row["batchId"]
                if let status = ItemStatus(rawValue: row["status"]) { summaries[id]?.progress.add(status, count: row["count"]) }
            }
            return summaries.values.sorted { $0.id < $1.id }
        }
    }

    public func results(batch: BatchID?, unconsumedOnly: Bool) async throws -> [ItemResult] {
        try await database.read { db in
            let scope = Self.limit(to: batch)
            return try Row.fetchAll(db, sql: """
                SELECT id, batchId, path, result, finishedAt, consumed, attempts FROM item
                WHERE status = \(ItemStatus.completed.sql) \(unconsumedOnly ? "AND consumed = 0" : "") \(scope.sql)
                ORDER BY batchId, ordinal
                """, arguments: scope.arguments).map(Self.result(from:))
        }
    }

    public func result(of item: ItemID) async throws -> ItemResult? {
        try await database.read { db in
            try Row.fetchOne(db, sql: """
                SELECT id, batchId, path, result, finishedAt, consumed, attempts FROM item
                WHERE status = \(ItemStatus.completed.sql) AND id = ?
                """, arguments: [item.rawValue]).map(Self.result(from:))
        }
    }

    private static func result(from row: Row) throws -> ItemResult {
        ItemResult(id: ItemID(rawValue: row["id"]), batch: BatchID(rawValue: row["batchId"]), image: row["path"],
                   page: try Page(jsonData: row["result"]), finishedAt: Date(timeIntervalSince1970: row["finishedAt"]),
                   consumed: row["consumed"], attempts: row["attempts"])
    }

    public func failures(batch: BatchID?) async throws -> [ItemFailure] {
        try await database.read { db in
            let scope = Self.limit(to: batch)
            return try Row.fetchAll(db, sql: """
                SELECT id, batchId, path, page, errorCode, errorMessage, attempts, finishedAt FROM item
                WHERE status = \(ItemStatus.failed.sql) \(scope.sql) ORDER BY batchId, ordinal
                """, arguments: scope.arguments).map { row in
                let path: String = row["path"]
                return ItemFailure(id: ItemID(rawValue: row["id"]), batch: BatchID(rawValue: row["batchId"]), image: path,
                                   pageNumber: row["page"], error: OCRError(storedCode: row["errorCode"], reason: row["errorMessage"], path: path),
                                   attempts: row["attempts"], finishedAt: Date(timeIntervalSince1970: row["finishedAt"]))
            }
        }
    }

    public func storedImage(of item: ItemID) async throws -> Data? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT contents FROM itemImage WHERE itemId = ?", arguments: [item.rawValue])
        }
    }

    public func events(after cursor: EventCursor, limit: Int) async throws -> [ProcessorEvent] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT event.id, event.itemId, event.kind, event.errorCode, event.errorMessage, event.willRetry,
                    event.createdAt, item.path, item.page, item.batchId, item.ordinal, item.result, batch.itemCount
                FROM event JOIN item ON item.id = event.itemId JOIN batch ON batch.id = item.batchId
                WHERE event.id > ? ORDER BY event.id LIMIT ?
                """, arguments: [cursor.rawValue, limit]).map { row in
                let path: String = row["path"]
                let kind: ProcessorEvent.Kind
                switch StoredEventKind(rawValue: row["kind"]) {
                case .completed:
                    kind = .completed((row["result"] as Data?).flatMap { try? Page(jsonData: $0) })
                case .failed:
                    kind = .failed(OCRError(storedCode: row["errorCode"], reason: row["errorMessage"], path: path),
                                   willRetry: row["willRetry"])
                case .cancelled, nil:
                    kind = .cancelled
                }
                return ProcessorEvent(
                    cursor: EventCursor(rawValue: row["id"]), item: ItemID(rawValue: row["itemId"]), image: path, pageNumber: row["page"],
                    batch: BatchID(rawValue: row["batchId"]), index: row["ordinal"], batchTotal: row["itemCount"],
                    kind: kind, time: Date(timeIntervalSince1970: row["createdAt"]))
            }
        }
    }

    /// A query's limit to one batch: a condition to add after others, and its argument; nothing
    /// for the whole queue.
    private static func limit(to batch: BatchID?) -> (sql: String, arguments: StatementArguments) {
        guard let batch else { return ("", []) }
        return ("AND batchId = ?", [batch.rawValue])
    }
}

extension ItemStatus {
    /// The status as a literal in SQL, for the queries' constant conditions: its raw value, quoted.
    fileprivate var sql: String { "'\(rawValue)'" }
}
