import ArgumentParser
import Foundation
import OCRKit
import OCRKitEvaluation

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure speed, accuracy and memory.",
        subcommands: [BenchRead.self, BenchLayout.self, BenchQueue.self],
        defaultSubcommand: BenchRead.self
    )
}

struct BenchRead: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Measure speed, accuracy and memory on a data set, beside the tesseract command.",
        discussion: """
            Reads every image of MANIFEST (a manifest.tsv of image<TAB>truth lines, as in \
            ../shared/datasets) three ways in one run: with `ocr read`, with the tesseract \
            command one image at a time with its default settings (naive), and with the \
            tesseract command at its best (OMP_THREAD_LIMIT=1, one process per job). It prints \
            images per second, the character error rate (CER, of the whole text in order), \
            bag-of-words F1, and the peak memory of one process, then our speed as a ratio of \
            each. CER ignores case when the truth has no lower-case letters (SROIE's receipts).
            """
    )

    @Argument(help: "The data set's manifest.tsv.")
    var manifest: String

    @Option(help: "Only the first n images.")
    var limit: Int?

    @Option(help: "Images read at once by ocr, and tesseract processes at once in the best run.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Candidate readings ocr computes for each word (the tesseract command computes none).")
    var alternatives = 0

    @Option(help: "The reading order ocr reads in: engine or layout.")
    var order: RecognitionArguments.Order = .engine

    @Option(help: "The engine ocr reads with: tesseract or ppocr.")
    var engine: RecognitionArguments.Engine = .tesseract

    @Flag(help: "Skip the naive tesseract run, the slowest part.")
    var skipNaive = false

    func run() async throws {
        let set = try Manifest(contentsOf: manifest)
        let entries = Array(set.entries.prefix(limit ?? .max))
        guard !entries.isEmpty else { throw ValidationError("\(manifest) lists no images") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let foldCase = !entries.contains { $0.truth.contains(where: \.isLowercase) }

        print("\(set.name): \(entries.count) images, \(jobs) jobs, \(ProcessInfo.processInfo.activeProcessorCount) cores"
              + (foldCase ? ", CER ignoring case" : ""))
        print(Row.header)
        let ours = try runOurs(entries, folder: folder).scored(entries, foldCase: foldCase)
        print(ours.line)
        var peers: [Row] = []
        if !skipNaive {
            peers.append(try await runTesseract(entries, folder: folder, lanes: 1, limitThreads: false,
                                                name: "tesseract naive").scored(entries, foldCase: foldCase))
            print(peers.last!.line)
        }
        peers.append(try await runTesseract(entries, folder: folder, lanes: jobs, limitThreads: true,
                                            name: "tesseract best (\(jobs) procs)").scored(entries, foldCase: foldCase))
        print(peers.last!.line)
        for peer in peers {
            print(String(format: "ocr vs %@: %.2fx the images per second", peer.name, ours.imagesPerSecond / peer.imagesPerSecond))
        }
    }

    /// One `ocr read` process over every image, as a user would run it.
    private func runOurs(_ entries: [Manifest.Entry], folder: URL) throws -> Run {
        let output = folder.appendingPathComponent("ocr.jsonl").path
        let outcome = try ChildProcess.run(
            Self.executablePath,
            ["read", "--format", "jsonl", "--jobs", "\(jobs)", "--alternatives", "\(alternatives)", "--order", order.rawValue,
             "--engine", engine.rawValue]
                + entries.map(\.imagePath),
            output: output)
        var texts: [String: String] = [:]
        let lines = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n") ?? []
        for line in lines {
            if let page = try? Page(jsonData: Data(line.utf8)) { texts[page.image] = page.text }
        }
        return Run(name: "ocr \(engine.rawValue) (\(jobs) jobs, \(order.rawValue))", seconds: outcome.seconds, peakBytes: outcome.peakBytes, texts: texts)
    }

    /// The tesseract command once per image, `lanes` processes at a time.
    private func runTesseract(
        _ entries: [Manifest.Entry], folder: URL, lanes: Int, limitThreads: Bool, name: String
    ) async throws -> Run {
        let workers = BlockingWorkerPool(count: lanes, name: "ocr-bench") {}
        let environment: [String: String?] = ["OMP_THREAD_LIMIT": limitThreads ? "1" : nil]
        let start = ContinuousClock.now
        let results = try await withThrowingTaskGroup(of: (String, String, Int).self) { group in
            for (index, entry) in entries.enumerated() {
                group.addTask {
                    let output = folder.appendingPathComponent("tesseract-\(index).txt").path
                    let outcome = try await workers.run { _ in
                        try ChildProcess.run("tesseract", [entry.imagePath, "stdout"], output: output, environment: environment)
                    }
                    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                    return (entry.imagePath, text, outcome.peakBytes)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - start
        return Run(name: name,
                   seconds: elapsed.timeInterval,
                   peakBytes: results.map(\.2).max() ?? 0,
                   texts: Dictionary(results.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first }))
    }

    private static var executablePath: String {
        Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}

/// What one contender read and what it cost.
private struct Run {
    var name: String
    var seconds: Double
    var peakBytes: Int
    /// Text read, by image path; images that failed are missing.
    var texts: [String: String]

    func scored(_ entries: [Manifest.Entry], foldCase: Bool) -> Row {
        var characters = CharacterErrorRate(caseSensitive: !foldCase)
        var words = WordScore()
        for entry in entries {
            let text = texts[entry.imagePath] ?? ""
            characters.add(reading: text, truth: entry.truth)
            words.add(reading: text, truth: entry.truth)
        }
        return Row(name: name, imagesPerSecond: Double(entries.count) / seconds, cer: characters.rate, f1: words.f1,
                   peakMegabytes: Double(peakBytes) / 1_048_576, failed: entries.count - texts.count)
    }
}

private struct Row {
    static let header = "contender                    images/s      CER   word F1   peak MB  failed"

    var name: String
    var imagesPerSecond: Double
    var cer: Double
    var f1: Double
    var peakMegabytes: Double
    var failed: Int

    var line: String {
        name.padding(toLength: 27, withPad: " ", startingAt: 0)
            + String(format: "%10.2f %8.4f %9.4f %9.1f %7d", imagesPerSecond, cer, f1, peakMegabytes, failed)
    }
}
