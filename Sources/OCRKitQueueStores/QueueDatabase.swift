import Foundation
import OCRKit
import OCRKitQueue
import OCRKitQueuePostgres
import OCRKitQueueSQLite

/// Where a queue is kept: a SQLite file on this machine, or a PostgreSQL database that workers on
/// many machines share. What `ocr --db` takes, for library users too.
///
/// ```swift
/// let database = QueueDatabase(queueArgument)   // a path, a postgres:// URL, or nil for the default file
/// let store = try await database.open()
/// print(try await store.progress(of: nil))
/// await store.close()
/// ```
public enum QueueDatabase: Equatable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// The environment variable a `postgres://` URL may be given in instead, so that a password
    /// stays out of the command line.
    public static let urlVariable = "OCRKIT_QUEUE_URL"

    /// `argument` when given (a `postgres://` or `postgresql://` URL, or a file's path), else the
    /// URL in ``urlVariable``, else `queue.sqlite` in OCRKit's own folder
    /// (``OCRKit/DataFolders/home(environment:)``: `$OCRKIT_HOME`, else
    /// `~/.local/share/ocrkit`, the models' rule).
    public init(_ argument: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let value = argument ?? environment[Self.urlVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let value, value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") {
            self = .postgres(url: value)
        } else if let value {
            self = .sqlite(path: value)
        } else {
            self = .sqlite(path: DataFolders.home(environment: environment) + "/queue.sqlite")
        }
    }

    /// Opens the store, creating or migrating its tables.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the database and the cause.
    public func open() async throws -> any QueueStore {
        switch self {
        case .sqlite(let path): try SQLiteQueueStore(path: path)
        case .postgres(let url): try await PostgresQueueStore(url: url)
        }
    }

    /// Where results are written on this machine, for the free-space check: the SQLite file; for
    /// PostgreSQL, whose disk is the server's, the current folder.
    public var diskPath: String {
        switch self {
        case .sqlite(let path): path
        case .postgres: "."
        }
    }

    /// The file's path, or the URL without its password.
    public var description: String {
        switch self {
        case .sqlite(let path):
            return path
        case .postgres(let url):
            return PostgresQueueStore.redacted(url)
        }
    }
}
