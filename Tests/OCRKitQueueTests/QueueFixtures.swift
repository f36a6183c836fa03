import Foundation
import OCRKit
import OCRKitImages
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTesseract
import OCRKitTestSupport
import Synchronization

/// A queue in a temporary folder, with images of known text and a real Tesseract reader.
struct QueueFixture {
    let folder: TemporaryFolder
    let store: SQLiteQueueStore
    let reader: PageReader
    var configuration: OCRProcessor.Configuration

    init(engine: (any OCREngine)? = nil, decoder: any ImageDecoder = ImageLoader()) throws {
        folder = try TemporaryFolder()
        store = try SQLiteQueueStore(path: folder.file("queue.sqlite"))
        reader = PageReader(decoder: decoder, engine: try engine ?? TesseractEngine())
        configuration = OCRProcessor.Configuration(diskPath: store.path)
        configuration.pollInterval = .milliseconds(20)
        configuration.retryDelay = .milliseconds(20)
    }

    func makeProcessor() -> OCRProcessor {
        OCRProcessor(store: store, reader: reader, configuration: configuration)
    }

    /// Writes `count` images reading "Queued page N", and returns their paths.
    func images(_ count: Int, prefix: String = "page") throws -> [String] {
        try (0..<count).map { index in
            let path = folder.file("\(prefix)-\(index).png")
            try ImageWriter.write(try TextRenderer.render("Queued page \(index)"), to: path)
            return path
        }
    }
}

/// Tesseract, failing with a transient engine error on the first `failures` attempts at each image.
final class FlakyEngine: OCREngine {
    private let engine: TesseractEngine
    private let failures: Int
    private let attempts = Mutex([String: Int]())

    init(failures: Int) throws {
        engine = try TesseractEngine()
        self.failures = failures
    }

    var info: EngineInfo { engine.info }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let attempt = attempts.withLock { $0[bitmap.source, default: 0] += 1; return $0[bitmap.source]! }
        if attempt <= failures {
            throw OCRError(.engineFailure, path: bitmap.source, reason: "simulated engine crash \(attempt)")
        }
        return try await engine.recognize(bitmap, options: options)
    }
}

/// Collects the first `count` events of a stream.
func collect(_ count: Int, from events: AsyncStream<ProcessorEvent>) async -> [ProcessorEvent] {
    var collected: [ProcessorEvent] = []
    for await event in events {
        collected.append(event)
        if collected.count == count { break }
    }
    return collected
}
