import Foundation
import OCRKit
import Synchronization

/// A model loaded on its first run and kept, with what is read from it once (its labels, its
/// dictionary), its runs one at a time on a thread of their own (off Swift's cooperative pool):
/// the structure models', each run once a page or a table.
final class LazySession<Prepared: Sendable>: Sendable {
    let file: String
    private let libraryPath: String?
    private let threads: Int
    /// Refuses a model that is not of the kind expected, naming what it takes and gives, and
    /// reads from it what every run needs.
    private let prepare: @Sendable (ONNXSession) throws -> Prepared
    private let session: Mutex<(ONNXSession, Prepared)?> = Mutex(nil)
    private let workers: BlockingWorkerPool<Void>

    /// - Throws: ``OCRKit/OCRError`` naming `file` when there is none, and saying `missing`.
    init(file: String, missing: String, name: String, libraryPath: String?, threads: Int,
         prepare: @escaping @Sendable (ONNXSession) throws -> Prepared) throws {
        guard FileManager.default.fileExists(atPath: file) else { throw OCRError(.fileNotFound, path: file, reason: missing) }
        self.file = file
        self.libraryPath = libraryPath
        self.threads = threads
        self.prepare = prepare
        workers = BlockingWorkerPool(count: 1, name: name) {}
    }

    /// `body`'s result on the loaded session and what was read from it, on the worker's thread.
    func run<Result: Sendable>(_ body: @escaping @Sendable (ONNXSession, Prepared) throws -> Result) async throws -> Result {
        try await workers.run { [self] _ in
            let (session, prepared) = try loaded()
            return try body(session, prepared)
        }
    }

    private func loaded() throws -> (ONNXSession, Prepared) {
        try session.withLock { session in
            if let session { return session }
            let loaded = try ONNXSession(runtime: ONNXRuntime.shared(libraryPath: libraryPath), model: file, threads: threads)
            let made = (loaded, try prepare(loaded))
            session = made
            return made
        }
    }
}
