import Foundation
import OCRKit
import OCRKitQueue
import PostgresNIO

extension PostgresQueueStore {
    public func leaseOwners() async throws -> Set<String> {
        try await translatingErrors {
            let rows = try await fetch("""
                SELECT DISTINCT lease_owner FROM item WHERE status = \(ItemStatus.processing.rawValue) AND lease_owner IS NOT NULL
                """)
            var owners = Set<String>()
            for row in rows { owners.insert(try row.decode(String.self)) }
            return owners
        }
    }

    public func progress(of batch: BatchID?) async throws -> BatchProgress {
        try await translatingErrors {
            let rows = try await fetch("""
                SELECT status, COUNT(*) FROM item WHERE \(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue)
                GROUP BY status
                """)
            var progress = BatchProgress()
            for row in rows {
                let (status, count) = try row.decode((String, Int64).self)
                if let status = ItemStatus(rawValue: status) { progress.add(status, count: Int(count)) }
            }
            return progress
        }
    }

    public func batches() async throws -> [BatchSummary] {
        try await translatingErrors {
            var summaries: [Int64: BatchSummary] = [:]
            let batches = try await fetch("SELECT id, name, document, created_at FROM batch")
            for row in batches {
                let (id, name, document, created) = try row.decode((Int64, String?, String?, Double).self)
                summaries[id] = BatchSummary(id: BatchID(rawValue: id), name: name, document: document,
                                             createdAt: Date(timeIntervalSince1970: created), progress: BatchProgress())
            }
            let counts = try await fetch("SELECT batch_id, status, COUNT(*) FROM item GROUP BY batch_id, status")
            for row in counts {
                let (id, status, count) = try row.decode((Int64, String, Int64).self)
                if let status = ItemStatus(rawValue: status) { summaries[id]?.progress.add(status, count: Int(count)) }
            }
            return summaries.values.sorted { $0.id < $1.id }
        }
    }

    public func results(batch: BatchID?, unconsumedOnly: Bool) async throws -> [ItemResult] {
        try await translatingErrors {
            try results(of: try await fetch("""
                SELECT id, batch_id, path, result, finished_at, consumed, attempts FROM item
                WHERE status = \(ItemStatus.completed.rawValue) AND (NOT consumed OR NOT \(unconsumedOnly))
                    AND (\(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue))
                ORDER BY batch_id, ordinal
                """))
        }
    }

    public func result(of item: ItemID) async throws -> ItemResult? {
        try await translatingErrors {
            try results(of: try await fetch("""
                SELECT id, batch_id, path, result, finished_at, consumed, attempts FROM item
                WHERE status = \(ItemStatus.completed.rawValue) AND id = \(item.rawValue)
                """)).first
        }
    }

    private func results(of rows: [PostgresRow]) throws -> [ItemResult] {
        var results: [ItemResult] = []
        for row in rows {
            let (id, batch, path, result, finished, consumed, attempts) = try row.decode((Int64, Int64, String, String, Double, Bool, Int).self)
            results.append(ItemResult(id: ItemID(rawValue: id), batch: BatchID(rawValue: batch), image: path,
                                      page: try Page(jsonData: Data(result.utf8)), finishedAt: Date(timeIntervalSince1970: finished),
                                      consumed: consumed, attempts: attempts))
        }
        return results
    }

    public func failures(batch: BatchID?) async throws -> [ItemFailure] {
        try await translatingErrors {
            let rows = try await fetch("""
                SELECT id, batch_id, path, page, error_code, error_message, attempts, finished_at FROM item
                WHERE status = \(ItemStatus.failed.rawValue) AND (\(batch?.rawValue)::BIGINT IS NULL OR batch_id = \(batch?.rawValue))
                ORDER BY batch_id, ordinal
                """)
            var failures: [ItemFailure] = []
            for row in rows {
                let (id, batch, path, page, code, message, attempts, finished) = try row.decode(
                    (Int64, Int64, String, Int?, String?, String?, Int, Double).self)
                failures.append(ItemFailure(id: ItemID(rawValue: id), batch: BatchID(rawValue: batch), image: path, pageNumber: page,
                                            error: OCRError(storedCode: code, reason: message, path: path), attempts: attempts,
                                            finishedAt: Date(timeIntervalSince1970: finished)))
            }
            return failures
        }
    }

    public func storedImage(of item: ItemID) async throws -> Data? {
        try await translatingErrors {
            let rows = try await fetch("SELECT contents FROM item_image WHERE item_id = \(item.rawValue)")
            return try rows.first.map { Data(try $0.decode(ByteBuffer.self).readableBytesView) }
        }
    }

    public func events(after cursor: EventCursor, limit: Int) async throws -> [ProcessorEvent] {
        try await translatingErrors {
            let rows = try await fetch("""
                SELECT event.id, event.item_id, event.kind, event.error_code, event.error_message, event.will_retry,
                    event.created_at, item.path, item.page, item.batch_id, item.ordinal, item.result, batch.item_count
                FROM event JOIN item ON item.id = event.item_id JOIN batch ON batch.id = item.batch_id
                WHERE event.id > \(cursor.rawValue) ORDER BY event.id LIMIT \(limit)
                """)
            var events: [ProcessorEvent] = []
            for row in rows {
                let (id, item, kindName, code, message, willRetry, created, path, page, batch, ordinal, result, total) = try row.decode(
                    (Int64, Int64, String, String?, String?, Bool, Double, String, Int?, Int64, Int, String?, Int).self)
                let kind: ProcessorEvent.Kind = switch StoredEventKind(rawValue: kindName) {
                case .completed: .completed(result.flatMap { try? Page(jsonData: Data($0.utf8)) })
                case .failed: .failed(OCRError(storedCode: code, reason: message, path: path), willRetry: willRetry)
                case .cancelled, nil: .cancelled
                }
                events.append(ProcessorEvent(
                    cursor: EventCursor(rawValue: id), item: ItemID(rawValue: item), image: path, pageNumber: page,
                    batch: BatchID(rawValue: batch),
                    index: ordinal, batchTotal: total, kind: kind, time: Date(timeIntervalSince1970: created)))
            }
            return events
        }
    }
}
