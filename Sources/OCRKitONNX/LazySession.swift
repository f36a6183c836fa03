import Foundation
import OCRKit
import Synchronization

/// A model loaded on its first run and kept, its runs one at a time on a thread of their own
/// (off Swift's cooperative pool): the structure models', each run once a page or a table.
final class LazySession: Sendable {
    let file: String
    private let libraryPath: String?
    private let threads: Int
    /// Refuses a model that is not of the kind expected, naming what it takes and gives.
    private let check: @Sendable (ONNXSession) throws -> Void
    private let session: Mutex<ONNXSession?> = Mutex(nil)
    private let workers: BlockingWorkerPool<Void>

    /// - Throws: ``OCRKit/OCRError`` naming `file` when there is none, and saying `missing`.
    init(file: String, missing: String, name: String, libraryPath: String?, threads: Int,
         check: @escaping @Sendable (ONNXSession) throws -> Void) throws {
        guard FileManager.default.fileExists(atPath: file) else { throw OCRError(.fileNotFound, path: file, reason: missing) }
        self.file = file
        self.libraryPath = libraryPath
        self.threads = threads
        self.check = check
        workers = BlockingWorkerPool(count: 1, name: name) {}
    }

    /// `body`'s result on the loaded session, on the worker's thread.
    func run<Result: Sendable>(_ body: @escaping @Sendable (ONNXSession) throws -> Result) async throws -> Result {
        try await workers.run { [self] _ in try body(try loaded()) }
    }

    private func loaded() throws -> ONNXSession {
        try session.withLock { session in
            if let session { return session }
            let loaded = try ONNXSession(runtime: ONNXRuntime.shared(libraryPath: libraryPath), model: file, threads: threads)
            try check(loaded)
            session = loaded
            return loaded
        }
    }
}
