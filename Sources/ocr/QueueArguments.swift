import ArgumentParser
import Foundation
import OCRKitQueue
import OCRKitQueueStores

/// The queue database every queue command works on.
struct QueueArguments: ParsableArguments {
    @Option(help: ArgumentHelp("""
        The queue: a SQLite file, or a PostgreSQL database that workers on many machines share \
        (postgres://user@host:5432/database, with ?sslmode=verify-full to check the server's \
        certificate; also from $\(QueueDatabase.urlVariable), to keep a password off the command line). \
        Default: queue.sqlite in $OCRKIT_HOME, else $XDG_DATA_HOME/ocrkit, else ~/.local/share/ocrkit.
        """, valueName: "file|url"))
    var db: String?

    var database: QueueDatabase { QueueDatabase(db) }
}

extension QueueArguments {
    /// Runs `body` on the queue's store, open until it returns.
    func withStore<Result>(_ body: (any QueueStore) async throws -> Result) async throws -> Result {
        let store = try await database.open()
        do {
            let result = try await body(store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }
}
