import Foundation
import OCRKit
import OCRKitProcesses
import OCRKitImages
import OCRKitQueue
import OCRKitQueueStores

/// The queue's own cost, on SQLite and, given a database, PostgreSQL, in one run: how fast a
/// batch of many paths is enqueued; the time per item to run items through processors with an
/// engine that does nothing (claim, read an empty page at once, store it with its event), at 1, 8
/// and 32 workers at once; and, given the `ocr` executable, how many real images a second one and
/// two `ocr worker` processes read from the queue, the measure of how reading scales across
/// processes. The SQLite database is a temporary file.
///
/// ```swift
/// var benchmark = QueueBenchmark(pathCount: 10_000, itemCount: 1_000)
/// benchmark.postgresURL = benchDatabase   // postgres://ocr@localhost/ocr_bench, a database of its own
/// try await benchmark.run { print($0) }
/// ```
public struct QueueBenchmark: Sendable {
    /// Paths to enqueue in one batch.
    public var pathCount: Int
    /// Items each worker count runs through the processors.
    public var itemCount: Int
    /// How many workers take items at once, for the per-item figure.
    public var workerCounts = [1, 8, 32]
    /// Images `ocr worker` processes read, one and then two processes at once; none leaves the
    /// figure out.
    public var imageCount = 0
    /// The `ocr` executable the worker processes run.
    public var ocr: String?
    /// A PostgreSQL database measured beside SQLite. It must be one of the benchmark's own: the
    /// benchmark refuses a database that holds a queue, and leaves its paths in it.
    public var postgresURL: String?

    public init(pathCount: Int = 100_000, itemCount: Int = 10_000) {
        self.pathCount = pathCount
        self.itemCount = itemCount
    }

    /// What was measured on one store.
    private struct Figures {
        var store: String
        var pathsPerSecond = 0.0
        /// Milliseconds an item, by workers at once.
        var milliseconds: [Int: Double] = [:]
        /// Images a second, by `ocr worker` processes at once.
        var imagesPerSecond: [Int: Double] = [:]
    }

    /// Measures each store in turn, handing `report` a line for each figure as it is measured,
    /// then a table of them all.
    public func run(report: (String) -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = try Self.renderImages(imageCount, in: folder.path)

        var databases = [QueueDatabase.sqlite(path: folder.appendingPathComponent("queue.sqlite").path)]
        if let postgresURL { databases.append(.postgres(url: postgresURL)) }
        var table: [Figures] = []
        for database in databases {
            let store = try await database.open()
            do {
                table.append(try await measure(store, in: database, images: images, report: report))
                await store.close()
            } catch {
                await store.close()
                throw error
            }
        }
        for line in Self.table(table, workerCounts: workerCounts) { report(line) }
    }

    private func measure(_ store: any QueueStore, in database: QueueDatabase, images: [String],
                         report: (String) -> Void) async throws -> Figures {
        let name = if case .postgres = database { "PostgreSQL" } else { "SQLite" }
        guard try await store.batches().isEmpty else {
            throw OCRError(.invalidOption, path: database.description,
                           reason: "holds a queue; the benchmark needs an empty database of its own")
        }
        var figures = Figures(store: name)
        for workers in workerCounts {
            let (seconds, growth) = try await processNothing(on: store, in: database, workers: workers)
            figures.milliseconds[workers] = seconds * 1000 / Double(itemCount)
            report(String(format: "%@: %d items through %d workers: %.3f ms an item (resident memory +%.1f MB)", name,
                          itemCount, workers, seconds * 1000 / Double(itemCount), Double(growth) / 1_048_576))
        }
        if let ocr, !images.isEmpty {
            for processes in [1, 2] {
                let rate = try await readWithWorkers(processes, ocr: ocr, images: images, store: store, database: database)
                figures.imagesPerSecond[processes] = rate
                report(String(format: "%@: %d images read by %d ocr worker process%@: %.2f images/s", name, images.count,
                              processes, processes == 1 ? "" : "es", rate))
            }
        }
        // Last: the paths stay queued.
        let names = (0..<pathCount).map { "/data/scans/2026/\($0 / 1000)/page-\($0).jpg" }
        let start = ContinuousClock.now
        _ = try await store.addBatch(name: "bench", paths: names, options: RecognitionOptions(), document: nil, now: Date())
        let seconds = (ContinuousClock.now - start).timeInterval
        figures.pathsPerSecond = Double(pathCount) / seconds
        report(String(format: "%@: enqueue %d paths: %.3f s, %.0f paths/s", name, pathCount, seconds, figures.pathsPerSecond))
        return figures
    }

    /// Runs `itemCount` items through `workers` processors of one worker each, and returns the
    /// seconds it took and how much the resident memory grew meanwhile.
    private func processNothing(on store: any QueueStore, in database: QueueDatabase, workers: Int) async throws -> (Double, Int) {
        var configuration = OCRProcessor.Configuration(diskPath: database.diskPath)
        configuration.jobs = 1
        configuration.pollInterval = .milliseconds(10)
        let reader = PageReader(decoder: NoDecoder(), engine: NoEngine())
        let processors = (0..<workers).map { _ in OCRProcessor(store: store, reader: reader, configuration: configuration) }
        _ = try await processors[0].enqueue((0..<itemCount).map { "/data/page-\($0).jpg" })
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
        for processor in processors { await processor.start() }
        try await processors[0].waitUntilIdle()
        let elapsed = ContinuousClock.now - start
        for processor in processors { await processor.stop() }
        sampler.cancel()
        return (elapsed.timeInterval, await sampler.value - before)
    }

    /// Enqueues `images` and has `processes` `ocr worker` processes read them; returns the
    /// images read a second from the first page stored to the last, which leaves the workers'
    /// start out.
    private func readWithWorkers(
        _ processes: Int, ocr: String, images: [String], store: any QueueStore, database: QueueDatabase
    ) async throws -> Double {
        let batch = try await store.addBatch(name: "bench read", paths: images, options: RecognitionOptions(), document: nil, now: Date())
        let location = switch database {
        case .sqlite(let path): path
        case .postgres(let url): url
        }
        let workers = try (0..<processes).map { _ in
            try ChildProcess.start(ocr, ["worker", "--db", location, "--jobs", "1", "--engine", "tesseract"])
        }
        defer {
            for worker in workers { worker.signal() }
            for worker in workers { worker.wait() }
        }
        while try await store.progress(of: batch).pending > 0 {
            guard workers.allSatisfy(\.isRunning) else {
                throw OCRError(.engineFailure, path: ocr, reason: "an ocr worker process ended before the images were read")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let finished = try await store.results(batch: batch, unconsumedOnly: false).map(\.finishedAt)
        guard let first = finished.min(), let last = finished.max(), last > first else { return 0 }
        return Double(finished.count - 1) / last.timeIntervalSince(first)
    }

    /// Pages of a few lines of text, as PNG files in `folder`.
    private static func renderImages(_ count: Int, in folder: String) throws -> [String] {
        var text = TextGenerator(seed: 7)
        return try (0..<count).map { index in
            let path = "\(folder)/page-\(index).png"
            let lines = (0..<5).map { _ in text.sentence(words: 8) }
            try ImageWriter.write(try TextRenderer.render(lines.joined(separator: "\n")), to: path)
            return path
        }
    }

    private static func table(_ rows: [Figures], workerCounts: [Int]) -> [String] {
        func cell(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let overheadWidth = 9 * workerCounts.count
        var lines = [
            "",
            "store".padding(toLength: 11, withPad: " ", startingAt: 0) + cell("enqueue", 10) + cell("no-op, ms an item", overheadWidth)
                + cell("OCR, images/s", 30),
            String(repeating: " ", count: 11) + cell("paths/s", 10) + workerCounts.map { cell("\($0) w", 9) }.joined()
                + cell("1 process", 11) + cell("2 procs", 11) + cell("ratio", 8),
        ]
        for row in rows {
            let one = row.imagesPerSecond[1], two = row.imagesPerSecond[2]
            let reading = if let one, let two, one > 0 {
                cell(String(format: "%.2f", one), 11) + cell(String(format: "%.2f", two), 11) + cell(String(format: "%.2fx", two / one), 8)
            } else {
                cell("-", 11) + cell("-", 11) + cell("-", 8)
            }
            lines.append(row.store.padding(toLength: 11, withPad: " ", startingAt: 0) + cell(String(format: "%.0f", row.pathsPerSecond), 10)
                         + workerCounts.map { cell(String(format: "%.3f", row.milliseconds[$0] ?? 0), 9) }.joined() + reading)
        }
        return lines
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
    func decode(_ source: PageSource, maximumSide: Int?) async throws -> Bitmap {
        Bitmap(width: 1, height: 1, layout: .gray, pixels: [255], image: source.document.name)
    }
}

/// Reads nothing, at once.
private struct NoEngine: OCREngine {
    var info: EngineInfo { EngineInfo(name: "none", version: "0") }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: info, lines: [])
    }
}
