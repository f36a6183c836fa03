import Foundation
import OCRKit
import OCRKitEngines
import OCRKitImages
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitServer
import OCRKitTestSupport
import Testing

/// The usage examples in OCRKitServer's doc comments, run.
@Suite(.heavy)
struct ServerExamples {
    @Test func aServerRunsItsQueueUntilStopped() async throws {
        let folder = try TemporaryFolder()
        let queuePath = folder.file("queue.sqlite"), image = folder.file("scan.png")
        try ImageWriter.write(try TextRenderer.render("Served page", font: "DejaVu Serif 14"), to: image)

        // Example from Sources/OCRKitServer/OCRServer.swift
        let settings = EngineSettings(.auto)
        let reader = try PageReader(settings: settings)
        let processor = OCRProcessor(store: try SQLiteQueueStore(path: queuePath), reader: reader)
        let server = OCRServer(configuration: ServerConfiguration(port: 0), reader: reader, settings: settings, processor: processor)
        let batch = try await processor.enqueue([image])
        try await withThrowingTaskGroup { group in
            group.addTask {
                try await server.run { port in print("listening on \(port)") }
            }
            // The processor runs with the server: the queued image is read.
            for await event in processor.events where event.batch == batch {
                if try await processor.progress(for: batch).pending == 0 { break }
            }
            group.cancelAll()
        }
        #expect(try await processor.progress(for: batch) == BatchProgress(completed: 1))
    }

    @Test func aConfigurationOffLoopbackNeedsAToken() throws {
        // Example from Sources/OCRKitServer/ServerConfiguration.swift
        var configuration = ServerConfiguration(host: "0.0.0.0", port: 8080, token: "s3cret")
        configuration.limits.maximumBatchImages = 50
        try configuration.validate()

        configuration.token = nil
        #expect(throws: OCRError.self) { try configuration.validate() }
    }
}
