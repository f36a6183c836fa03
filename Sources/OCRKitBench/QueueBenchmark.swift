import Foundation
import OCRKit
import OCRKitQueue
import OCRKitQueueSQLite

/// The queue's own cost, with an engine that does nothing: the time to enqueue many paths in one
/// batch, the time per item to run items through the processor (claim, read with an engine that
/// returns an empty page at once, store the result and its event), and how much the process's
/// resident memory grew meanwhile. The databases are temporary files.
///
/// ```swift
/// try await QueueBenchmark(pathCount: 10_000, itemCount: 1_000).run { print($0) }
/// ```
public struct QueueBenchmark: Sendable {
    /// Paths to enqueue in one batch.
    public var pathCount: Int
    /// Items to run through the processor.
    public var itemCount: Int

    public init(pathCount: Int = 100_000, itemCount: Int = 10_000) {
        self.pathCount = pathCount
        self.itemCount = itemCount
    }

    /// Enqueues, then processes, handing `report` a line of figures for each.
    public func run(report: (String) -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let enqueueStore = try SQLiteQueueStore(path: folder.appendingPathComponent("enqueue.sqlite").path)
        let enqueueProcessor = Self.processor(store: enqueueStore)
        let names = (0..<pathCount).map { "/data/scans/2026/\($0 / 1000)/page-\($0).jpg" }
        let enqueueStart = ContinuousClock.now
        _ = try await enqueueProcessor.enqueue(names)
        let enqueueTime = ContinuousClock.now - enqueueStart
        report(String(format: "enqueue %d paths: %.3f s", pathCount, enqueueTime.timeInterval))

        let store = try SQLiteQueueStore(path: folder.appendingPathComponent("process.sqlite").path)
        let processor = Self.processor(store: store)
        _ = try await processor.enqueue((0..<itemCount).map { "/data/page-\($0).jpg" })
        let before = Self.residentBytes()
        let sampler = Task {
            var peak = Self.residentBytes()
            while !Task.isCancelled {
                peak = max(peak, Self.residentBytes())
                try? await Task.sleep(for: .milliseconds(20))
            }
            return peak
        }
        let start = ContinuousClock.now
        await processor.start()
        try await processor.waitUntilIdle()
        let elapsed = ContinuousClock.now - start
        await processor.stop()
        sampler.cancel()
        let peak = await sampler.value
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, OCRProcessor.Configuration().workerLimit)
        report(String(format: "process %d items, %d workers: %.3f s, %.3f ms an item", itemCount, workers,
                      elapsed.timeInterval, elapsed.timeInterval * 1000 / Double(itemCount)))
        report(String(format: "resident memory: %.1f MB before, %.1f MB at most while processing (+%.1f MB)",
                      Double(before) / 1_048_576, Double(peak) / 1_048_576, Double(peak - before) / 1_048_576))
    }

    private static func processor(store: SQLiteQueueStore) -> OCRProcessor {
        var configuration = OCRProcessor.Configuration(diskPath: store.path)
        configuration.pollInterval = .milliseconds(10)
        return OCRProcessor(store: store, reader: PageReader(decoder: NoDecoder(), engine: NoEngine()),
                            configuration: configuration)
    }

    /// The process's resident memory, from /proc/self/statm.
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Hands back a blank 1 x 1 bitmap without touching the file: the queue's cost alone is measured.
private struct NoDecoder: ImageDecoder {
    func decode(contentsOf path: String, maximumSide: Int?) async throws -> Bitmap {
        Bitmap(width: 1, height: 1, layout: .gray, pixels: [255], source: path)
    }

    func decode(_ contents: Data, name: String, maximumSide: Int?) async throws -> Bitmap {
        Bitmap(width: 1, height: 1, layout: .gray, pixels: [255], source: name)
    }
}

/// Reads nothing, at once.
private struct NoEngine: OCREngine {
    var info: EngineInfo { EngineInfo(name: "none", version: "0") }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        Page(image: bitmap.source, width: bitmap.width, height: bitmap.height, engine: info, lines: [])
    }
}
