import Foundation
import OCRKitQueue
import OCRKitQueueStores
import OCRKitTestSupport
import Testing

@Suite(.heavy)
struct QueueDatabaseTests {
    @Test func aPathIsSQLiteAndAURLIsPostgres() {
        #expect(QueueDatabase("scans.sqlite", environment: [:]) == .sqlite(path: "scans.sqlite"))
        #expect(QueueDatabase("postgres://ocr@db/ocr", environment: [:]) == .postgres(url: "postgres://ocr@db/ocr"))
        #expect(QueueDatabase("postgresql://ocr@db/ocr", environment: [:]) == .postgres(url: "postgresql://ocr@db/ocr"))
        let url = "postgres://ocr:secret@db/ocr"
        #expect(QueueDatabase(nil, environment: [QueueDatabase.urlVariable: url]) == .postgres(url: url))
        #expect(QueueDatabase(nil, environment: [QueueDatabase.urlVariable: url]).description == "postgres://ocr:***@db/ocr")
        #expect(QueueDatabase(nil, environment: ["XDG_DATA_HOME": "/data"]) == .sqlite(path: "/data/ocrkit/queue.sqlite"))
        // One rule for OCRKit's data: the models' and the queue's.
        #expect(QueueDatabase(nil, environment: ["OCRKIT_HOME": "/srv/ocr/", "XDG_DATA_HOME": "/data"]) == .sqlite(path: "/srv/ocr/queue.sqlite"))
        #expect(QueueDatabase(nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ada"])
                == .sqlite(path: "/home/ada/.local/share/ocrkit/queue.sqlite"), "a relative XDG_DATA_HOME is ignored")
        #expect(QueueDatabase("postgres://ocr@db/ocr", environment: [:]).diskPath == ".")
    }

    @Test func opensEitherStore() async throws {
        let folder = try TemporaryFolder()
        var arguments: [String?] = [folder.file("queue.sqlite")]
        if let server = PostgresServer.shared { arguments.append(try await server.makeDatabase()) }
        for queueArgument in arguments {
            // Example from Sources/OCRKitQueueStores/QueueDatabase.swift
            let database = QueueDatabase(queueArgument)   // a path, a postgres:// URL, or nil for the default file
            let store = try await database.open()
            print(try await store.progress(of: nil))
            #expect(try await store.progress(of: nil) == BatchProgress())
            #expect(try await store.batches().isEmpty)
            await store.close()
        }
    }
}
