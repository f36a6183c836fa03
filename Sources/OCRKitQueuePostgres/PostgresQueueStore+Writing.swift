import Foundation
import OCRKit
import OCRKitQueue
import PostgresNIO

extension PostgresQueueStore {
    public func addBatch(
        name: String?, pages: [QueuedPage], options: RecognitionOptions, document: String?, images: ImageContents?, now: Date
    ) async throws -> BatchID {
        try await translatingErrors {
            let record = try BatchRecord(pages: pages, options: options), unique = record.pages
            let time = now.timeIntervalSince1970, pending = ItemStatus.pending.rawValue
            return try await transaction { [self] connection in
                let rows = try await connection.query("""
                    INSERT INTO batch (name, document, options, item_count, created_at)
                    VALUES (\(name), \(document), \(record.options), \(unique.count), \(time)) RETURNING id
                    """, logger: logger)
                var batch: Int64 = 0
                for try await id in rows.decode(Int64.self) { batch = id }
                // In slices: one statement for a million paths would exceed the protocol's limits.
                for start in stride(from: 0, to: unique.count, by: 10_000) {
                    let slice = unique[start..<min(start + 10_000, unique.count)]
                    // Page 0 stands for none: arrays of optionals do not cross the protocol.
                    let paths = slice.map(\.image), numbers = slice.map { $0.pageNumber ?? 0 }
                    try await connection.query("""
                        INSERT INTO item (batch_id, ordinal, path, page, status, created_at, updated_at)
                        SELECT \(batch), \(start) + ordinality - 1, path, NULLIF(page, 0), \(pending), \(time), \(time)
                        FROM unnest(\(paths)::text[], \(numbers)::integer[]) WITH ORDINALITY AS pages(path, page, ordinality)
                        """, logger: logger)
                }
                // One image at a time: a batch's images together may not fit in memory.
                for page in unique {
                    guard let contents = images?(page) else { continue }
                    try await connection.query("""
                        INSERT INTO item_image (item_id, contents) SELECT id, \(contents) FROM item
                        WHERE batch_id = \(batch) AND path = \(page.image) AND page IS NOT DISTINCT FROM \(page.pageNumber)
                        """, logger: logger)
                }
                try await announce(.itemsReady, on: connection)
                return BatchID(rawValue: batch)
            }
        }
    }

    public func claimNextItem(owner: String, expiry: Date, now: Date) async throws -> ClaimedItem? {
        try await translatingErrors {
            let time = now.timeIntervalSince1970
            let (pending, retrying, processing) = (ItemStatus.pending.rawValue, ItemStatus.retrying.rawValue, ItemStatus.processing.rawValue)
            // The oldest batch first; within it, pending items before retries, so that an item that
            // keeps failing or killing its worker does not hold up the others. Two look-ups along the
            // status index, the first of each kind: one query with both orders would sort the whole
            // queue at every claim. SKIP LOCKED: an item another worker is claiming is passed over,
            // not waited for.
            let rows = try await fetch("""
                WITH first_pending AS (
                    SELECT id, batch_id FROM item WHERE status = \(pending)
                    ORDER BY batch_id, ordinal LIMIT 1 FOR UPDATE SKIP LOCKED
                ), first_retry AS (
                    SELECT id, batch_id FROM item WHERE status = \(retrying) AND retry_at <= \(time)
                    ORDER BY batch_id, ordinal LIMIT 1 FOR UPDATE SKIP LOCKED
                ), candidate AS (
                    SELECT id FROM (
                        SELECT id, batch_id, 0 AS retry FROM first_pending UNION ALL SELECT id, batch_id, 1 FROM first_retry
                    ) AS first_of_each
                    ORDER BY batch_id, retry LIMIT 1
                )
                UPDATE item SET status = \(processing), lease_owner = \(owner), lease_expires_at = \(expiry.timeIntervalSince1970),
                    attempts = attempts + 1, retry_at = NULL, updated_at = \(time)
                FROM candidate, batch
                WHERE item.id = candidate.id AND batch.id = item.batch_id
                RETURNING item.id, item.batch_id, item.path, item.page, item.attempts, batch.options,
                    (SELECT contents FROM item_image WHERE item_id = item.id)
                """)
            return try rows.first.map { row in
                let (id, batch, path, page, attempts, options, contents) = try row.decode((Int64, Int64, String, Int?, Int, String, Data?).self)
                return ClaimedItem(id: ItemID(rawValue: id), batch: BatchID(rawValue: batch), image: path, pageNumber: page,
                                   options: try BatchRecord.options(from: options), attempts: attempts, contents: contents)
            }
        }
    }

    public func renewLease(of item: ItemID, owner: String, expiry: Date) async throws -> Bool {
        try await translatingErrors {
            try await fetch("""
                UPDATE item SET lease_expires_at = \(expiry.timeIntervalSince1970)
                WHERE id = \(item.rawValue) AND status = \(ItemStatus.processing.rawValue) AND lease_owner = \(owner)
                RETURNING id
                """).count == 1
        }
    }

    public func complete(_ item: ItemID, owner: String, page: Page, now: Date) async throws -> Bool {
        try await translatingErrors {
            let result = String(decoding: try page.jsonData(), as: UTF8.self), time = now.timeIntervalSince1970
            // One statement, and so one transaction and one round trip: the outcome, its event and
            // the announcement, or nothing when the lease is lost. Every item ends here.
            return try await fetch("""
                WITH completed AS (
                    UPDATE item SET status = \(ItemStatus.completed.rawValue), result = \(result), lease_owner = NULL,
                        lease_expires_at = NULL, error_code = NULL, error_message = NULL, updated_at = \(time), finished_at = \(time)
                    WHERE id = \(item.rawValue) AND status = \(ItemStatus.processing.rawValue) AND lease_owner = \(owner)
                    RETURNING id
                ), recorded AS (
                    INSERT INTO event (item_id, kind, created_at)
                    SELECT id, \(StoredEventKind.completed.rawValue), \(time) FROM completed RETURNING id
                )
                SELECT pg_notify(\(Self.channel), \(QueueChange.eventsRecorded.rawValue)) FROM recorded
                """).count == 1
        }
    }

    @discardableResult
    public func fail(_ item: ItemID, owner: String, error: OCRError, retryAt: Date?, now: Date) async throws -> Bool {
        try await translatingErrors {
            let time = now.timeIntervalSince1970
            let status = (retryAt == nil ? ItemStatus.failed : .retrying).rawValue, finished: Double? = retryAt == nil ? time : nil
            // One statement, as in complete(_:owner:page:now:).
            return try await fetch("""
                WITH failed AS (
                    UPDATE item SET status = \(status), retry_at = \(retryAt?.timeIntervalSince1970), error_code = \(error.code.rawValue),
                        error_message = \(error.reason), lease_owner = NULL, lease_expires_at = NULL, updated_at = \(time),
                        finished_at = \(finished)
                    WHERE id = \(item.rawValue) AND status = \(ItemStatus.processing.rawValue) AND lease_owner = \(owner)
                    RETURNING id
                ), recorded AS (
                    INSERT INTO event (item_id, kind, error_code, error_message, will_retry, created_at)
                    SELECT id, \(StoredEventKind.failed.rawValue), \(error.code.rawValue), \(error.reason), \(retryAt != nil), \(time)
                    FROM failed RETURNING id
                )
                SELECT pg_notify(\(Self.channel), \(QueueChange.eventsRecorded.rawValue)) FROM recorded
                """).count == 1
        }
    }

    public func release(_ item: ItemID, owner: String, now: Date) async throws {
        try await translatingErrors {
            try await transaction { [self] connection in
                let released = try await count(connection.query("""
                    UPDATE item SET status = \(ItemStatus.pending.rawValue), attempts = attempts - 1, lease_owner = NULL,
                        lease_expires_at = NULL, updated_at = \(now.timeIntervalSince1970)
                    WHERE id = \(item.rawValue) AND status = \(ItemStatus.processing.rawValue) AND lease_owner = \(owner)
                    RETURNING id
                    """, logger: logger))
                if released > 0 { try await announce(.itemsReady, on: connection) }
            }
        }
    }

    @discardableResult
    public func recoverItems(abandonedBy owners: Set<String>, maximumAttempts: Int, now: Date) async throws -> Int {
        try await translatingErrors {
            let time = now.timeIntervalSince1970, owners = Array(owners), processing = ItemStatus.processing.rawValue
            let reason = "interrupted \(maximumAttempts) times: the process reading it stopped"
            return try await transaction { [self] connection in
                // Items out of attempts fail for good, with an event; the others go back to the queue.
                let exhausted = try await connection.query("""
                    UPDATE item SET status = \(ItemStatus.failed.rawValue), error_code = \(OCRError.Code.interrupted.rawValue),
                        error_message = \(reason), lease_owner = NULL, lease_expires_at = NULL, updated_at = \(time), finished_at = \(time)
                    WHERE status = \(processing) AND (lease_expires_at < \(time) OR lease_owner = ANY(\(owners)))
                        AND attempts >= \(maximumAttempts)
                    RETURNING id, path
                    """, logger: logger)
                var failed: [(Int64, String)] = []
                for try await row in exhausted.decode((Int64, String).self) { failed.append(row) }
                for (id, path) in failed {
                    try await recordEvent(connection, item: id, kind: .failed, error: OCRError(.interrupted, path: path, reason: reason),
                                          willRetry: false, time: time)
                }
                // The others wait behind their batch's pending items, as retries due now.
                let requeued = try await count(connection.query("""
                    UPDATE item SET status = \(ItemStatus.retrying.rawValue), retry_at = \(time), lease_owner = NULL,
                        lease_expires_at = NULL, updated_at = \(time)
                    WHERE status = \(processing) AND (lease_expires_at < \(time) OR lease_owner = ANY(\(owners)))
                    RETURNING id
                    """, logger: logger))
                if !failed.isEmpty { try await announce(.eventsRecorded, on: connection) }
                if requeued > 0 { try await announce(.itemsReady, on: connection) }
                return failed.count + requeued
            }
        }
    }

    @discardableResult
    public func cancel(batch: BatchID?, now: Date) async throws -> Int {
        try await translatingErrors {
            let time = now.timeIntervalSince1970
            return try await transaction { [self] connection in
                let rows = try await connection.query("""
                    UPDATE item SET status = \(ItemStatus.cancelled.rawValue), updated_at = \(time), finished_at = \(time)
                    WHERE status IN (\(ItemStatus.pending.rawValue), \(ItemStatus.retrying.rawValue))
                        AND (\(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue))
                    RETURNING id
                    """, logger: logger)
                var ids: [Int64] = []
                for try await id in rows.decode(Int64.self) { ids.append(id) }
                for id in ids { try await recordEvent(connection, item: id, kind: .cancelled, time: time) }
                if !ids.isEmpty { try await announce(.eventsRecorded, on: connection) }
                return ids.count
            }
        }
    }

    @discardableResult
    public func retryFailed(batch: BatchID?, now: Date) async throws -> Int {
        try await translatingErrors {
            try await transaction { [self] connection in
                let retried = try await count(connection.query("""
                    UPDATE item SET status = \(ItemStatus.pending.rawValue), attempts = 0, error_code = NULL, error_message = NULL,
                        finished_at = NULL, updated_at = \(now.timeIntervalSince1970)
                    WHERE status = \(ItemStatus.failed.rawValue) AND (\(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue))
                    RETURNING id
                    """, logger: logger))
                if retried > 0 { try await announce(.itemsReady, on: connection) }
                return retried
            }
        }
    }

    public func markConsumed(_ items: [ItemID], purgeAfter: Date) async throws {
        try await translatingErrors {
            _ = try await fetch("""
                UPDATE item SET consumed = TRUE, purge_after = \(purgeAfter.timeIntervalSince1970)
                WHERE id = ANY(\(items.map(\.rawValue))) AND status = \(ItemStatus.completed.rawValue) AND NOT consumed
                """)
        }
    }

    @discardableResult
    public func purge(now: Date) async throws -> Int {
        try await translatingErrors {
            try await transaction { [self] connection in
                // Events go with their items (ON DELETE CASCADE); so do batches left empty.
                let deleted = try await count(connection.query("""
                    DELETE FROM item WHERE consumed AND purge_after <= \(now.timeIntervalSince1970) RETURNING id
                    """, logger: logger))
                try await connection.query("""
                    DELETE FROM batch WHERE NOT EXISTS (SELECT 1 FROM item WHERE item.batch_id = batch.id)
                    """, logger: logger)
                return deleted
            }
        }
    }

    /// The channel stores announce changes on, each named in its payload.
    static let channel = "ocrkit_queue"

    /// Tells every store listening to the database of `change`, once the transaction commits.
    private func announce(_ change: QueueChange, on connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_notify(\(Self.channel), \(change.rawValue))", logger: logger)
    }

    private func recordEvent(
        _ connection: PostgresConnection, item: Int64, kind: StoredEventKind, error: OCRError? = nil, willRetry: Bool = false,
        time: Double
    ) async throws {
        try await connection.query("""
            INSERT INTO event (item_id, kind, error_code, error_message, will_retry, created_at)
            VALUES (\(item), \(kind.rawValue), \(error?.code.rawValue), \(error?.reason), \(willRetry), \(time))
            """, logger: logger)
    }

    /// How many rows a statement returned.
    func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }
}
