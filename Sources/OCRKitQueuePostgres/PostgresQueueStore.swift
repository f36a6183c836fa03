import Foundation
import Logging
import OCRKit
import OCRKitQueue
import PostgresNIO

/// The queue in a PostgreSQL database, shared by workers on many machines.
///
/// Claims take an item with `FOR UPDATE SKIP LOCKED`, so that no two workers are handed the same
/// one and none waits for another's claim; every outcome is written with its event in one
/// transaction, and only while the worker still holds the item's lease. The schema carries a
/// version and is migrated under an advisory lock, so that workers starting together do not
/// race.
///
/// Workers and subscribers wait for changes on one connection that `LISTEN`s, rather than
/// polling: any store on the database announces with `NOTIFY` when items become ready or events
/// are recorded.
///
/// The store runs a pool of connections, and the listening one, until ``close()``. A call whose
/// connection closes before it answers, as when the server restarts, fails with `storeFailure`
/// rather than waiting, and the processor tries it again:
///
/// ```swift
/// let store = try await PostgresQueueStore(url: queueURL)   // postgres://ocr@db.example:5432/ocr
/// let processor = OCRProcessor(store: store, reader: reader)
/// let batch = try await processor.enqueue(scans)
/// // ... start the processor here, or `ocr worker` on other machines
/// await store.close()
/// ```
public final class PostgresQueueStore: QueueStore {
    /// The database, as given: `postgres://user[:password]@host[:port]/database`.
    public let url: String
    let client: PostgresClient
    let logger: Logger
    /// The pool's connections and the listening one, in one task group, until ``close()``.
    private let running: Task<Void, Never>
    private let announcements = ChangeAnnouncements()
    private let watch = ConnectionWatch()

    /// Connects to the database at `url` and creates or migrates the queue's tables.
    ///
    /// - Parameters:
    ///   - url: `postgres://user[:password]@host[:port]/database`; `?host=/run/postgresql` connects
    ///     through the Unix socket in that folder instead. `sslmode` says whether connections to a
    ///     host are encrypted, as libpq reads it: `prefer` (the default), `require`, `verify-full`
    ///     (with `sslrootcert=ca.pem` for an authority of your own) or `disable`.
    ///   - logger: where PostgresNIO's messages go; by default, errors only, on standard error.
    /// - Throws: ``OCRKit/OCRError`` with code `invalidOption` for a URL that is not one,
    ///   `storeFailure` when the database cannot be reached or migrated.
    public init(url: String, logger: Logger = PostgresQueueStore.defaultLogger) async throws {
        self.url = url
        self.logger = logger
        let address = try PostgresAddress(url)
        do {
            // One connection first: a database that refuses it, or a login that fails, is an
            // error now; the pool would try again without end.
            let probe = try await PostgresConnection.connect(configuration: address.connectionConfiguration(), id: 0, logger: logger)
            try await probe.close()
        } catch {
            throw OCRError(.storeFailure, path: Self.redacted(url),
                           reason: "cannot connect to the queue database: \(PSQLError.explanation(of: error))", underlyingError: error)
        }
        client = PostgresClient(configuration: address.configuration, backgroundLogger: logger)
        let client = client
        running = Task { [announcements] in
            await withDiscardingTaskGroup { group in
                group.addTask { await client.run() }
                group.addTask { await Self.listen(to: address, announcingTo: announcements, logger: logger) }
            }
        }
        do {
            try await migrate()
        } catch {
            await close()
            throw OCRError(.storeFailure, path: Self.redacted(url),
                           reason: "cannot open the queue database: \(PSQLError.explanation(of: error))", underlyingError: error)
        }
    }

    /// `url` without its password, for messages and logs.
    public static func redacted(_ url: String) -> String {
        PostgresAddress.redacted(url)
    }

    /// PostgresNIO's errors, on standard error: its notices of connections coming and going are
    /// not for the user.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "ocrkit.queue.postgres")
        logger.logLevel = .error
        return logger
    }

    /// Closes the store's connections. Calls made after it fail.
    public func close() async {
        running.cancel()
        await running.value
    }

    public var announcesChanges: Bool { true }

    public func waitFor(_ change: QueueChange, since instant: ContinuousClock.Instant, timeout: Duration) async {
        await announcements.waitFor(change, since: instant, timeout: timeout)
    }

    /// Listens for the changes stores announce until cancelled, connecting again, with a wait that
    /// doubles up to 10 s, whenever the connection is lost. Every change counts as made at each
    /// (re)connection: announcements made while it was down are lost.
    private static func listen(to address: PostgresAddress, announcingTo announcements: ChangeAnnouncements, logger: Logger) async {
        var wait = Duration.milliseconds(250)
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: address.connectionConfiguration(), id: 1,
                                                                      logger: logger)
                do {
                    try await connection.listen(on: channel) { notifications in
                        await announcements.announce(QueueChange.allCases)
                        wait = .milliseconds(250)
                        for try await notification in notifications {
                            await announcements.announce(QueueChange(rawValue: notification.payload).map { [$0] } ?? [])
                        }
                    }
                } catch {
                    logger.debug("the queue's listening connection ended: \(error)")
                }
                try? await connection.close()
            } catch {
                logger.debug("the queue's listening connection failed: \(error)")
            }
            await announcements.announce(QueueChange.allCases)
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, .seconds(10))
        }
    }

    /// The versions of the schema, each the statements that reach it from the one before.
    private static let migrations: [[String]] = [
        [
            """
            CREATE TABLE batch (
                id BIGSERIAL PRIMARY KEY,
                name TEXT,
                document TEXT,
                options TEXT NOT NULL,
                item_count INTEGER NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            )
            """,
            """
            CREATE TABLE item (
                id BIGSERIAL PRIMARY KEY,
                batch_id BIGINT NOT NULL REFERENCES batch(id) ON DELETE CASCADE,
                ordinal INTEGER NOT NULL,
                path TEXT NOT NULL,
                status TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                lease_owner TEXT,
                lease_expires_at DOUBLE PRECISION,
                retry_at DOUBLE PRECISION,
                error_code TEXT,
                error_message TEXT,
                result TEXT,
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                finished_at DOUBLE PRECISION,
                consumed BOOLEAN NOT NULL DEFAULT FALSE,
                purge_after DOUBLE PRECISION,
                UNIQUE (batch_id, path)
            )
            """,
            "CREATE INDEX item_by_status ON item (status, batch_id, ordinal)",
            """
            CREATE TABLE event (
                id BIGSERIAL PRIMARY KEY,
                item_id BIGINT NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                error_code TEXT,
                error_message TEXT,
                will_retry BOOLEAN NOT NULL DEFAULT FALSE,
                created_at DOUBLE PRECISION NOT NULL
            )
            """,
            "CREATE INDEX event_by_item ON event (item_id)",
        ],
        [
            // A table of their own: scans of the item table do not wade through image bytes.
            """
            CREATE TABLE item_image (
                item_id BIGINT PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
                contents BYTEA NOT NULL
            )
            """,
        ],
        [
            // Several items of a batch may read one file, a page each.
            "ALTER TABLE item ADD COLUMN page INTEGER",
            "ALTER TABLE item DROP CONSTRAINT item_batch_id_path_key",
            "CREATE UNIQUE INDEX item_by_page ON item (batch_id, path, COALESCE(page, 0))",
        ],
    ]

    /// The version of the schema this OCRKit writes: how many migrations it knows.
    public static var schemaVersion: Int { migrations.count }

    private func migrate() async throws {
        try await transaction { [logger] connection in
            // One migrator at a time: workers that start together wait here for the first.
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS ocrkit_schema (version INTEGER NOT NULL)", logger: logger)
            var version = 0
            for try await stored in try await connection.query("SELECT version FROM ocrkit_schema", logger: logger)
                .decode(Int.self) { version = stored }
            guard version <= Self.migrations.count else {
                throw OCRError(.storeFailure,
                               reason: "the queue's schema is version \(version); this OCRKit knows up to \(Self.migrations.count)")
            }
            for statements in Self.migrations.dropFirst(version) {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
            }
            try await connection.query("DELETE FROM ocrkit_schema", logger: logger)
            try await connection.query("INSERT INTO ocrkit_schema (version) VALUES (\(Self.migrations.count))", logger: logger)
        }
    }

    /// The advisory lock migrations take: any number, the same for every OCRKit.
    private static let migrationLock: Int64 = 0x4f43_524b_6974
}

extension PostgresQueueStore {
    /// Runs calls to the database with their errors as ``OCRKit/OCRError``s with code
    /// `storeFailure` that say what went wrong, naming the database.
    func translatingErrors<Value>(_ calls: () async throws -> Value) async throws -> Value {
        do {
            return try await calls()
        } catch let error as PSQLError {
            throw OCRError(.storeFailure, path: Self.redacted(url), reason: error.explanation, underlyingError: error)
        } catch is ConnectionWatch.Closed {
            throw OCRError(.storeFailure, path: Self.redacted(url), reason: "the connection to the database closed before it answered")
        }
    }

    /// The rows `query` returns, read on a connection of the pool.
    func fetch(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await client.withConnection { [watch, logger] connection in
            try await watch.run(on: connection) {
                var rows: [PostgresRow] = []
                for try await row in try await connection.query(query, logger: logger) { rows.append(row) }
                return rows
            }
        }
    }

    /// Runs `body` in a transaction on a connection of the pool: its statements take effect
    /// together when it returns, and none of them when it throws.
    func transaction<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        try await client.withConnection { [watch, logger] connection in
            try await watch.run(on: connection) {
                try await connection.withTransaction(logger: logger) { try await body($0) }
            }
        }
    }
}
