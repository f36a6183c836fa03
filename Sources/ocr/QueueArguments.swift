import ArgumentParser
import Foundation
import OCRKitQueueSQLite

/// The queue database every queue command works on.
struct QueueArguments: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The queue's database (default: $XDG_DATA_HOME/ocrkit/queue.sqlite, else ~/.local/share/ocrkit/queue.sqlite).",
        valueName: "file"))
    var db: String?

    var path: String {
        if let db { return db }
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("ocrkit/queue.sqlite")
    }

    func openStore() throws -> SQLiteQueueStore {
        try SQLiteQueueStore(path: path)
    }
}
