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

    func makeProcessor(clock: some Clock<Duration> = ContinuousClock()) -> OCRProcessor {
        OCRProcessor(store: store, reader: reader, configuration: configuration, clock: clock)
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

/// An engine of the tests' own, taking microseconds: a page's text is its image's file name, and
/// the first `failures` attempts at each image fail with a transient engine error.
final class ScriptedEngine: OCREngine {
    private let failures: Int
    private let attempts = Mutex([String: Int]())

    init(failures: Int = 0) {
        self.failures = failures
    }

    var info: EngineInfo { EngineInfo(name: "scripted", version: "1") }

    /// How many times it was asked to read.
    var calls: Int { attempts.withLock { $0.values.reduce(0, +) } }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let attempt = attempts.withLock { $0[bitmap.image, default: 0] += 1; return $0[bitmap.image]! }
        if attempt <= failures {
            throw OCRError(.engineFailure, path: bitmap.image, reason: "simulated engine crash \(attempt)")
        }
        let box = Rect(x: 0, y: 0, width: 1, height: 1)
        let name = URL(fileURLWithPath: bitmap.image).lastPathComponent
        return Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: info,
                    lines: [Line(text: name, confidence: 1, box: box, quad: box.quad)])
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
