import ArgumentParser
import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure speed, accuracy and memory.",
        subcommands: [BenchRead.self, BenchLayout.self, BenchQueue.self, BenchLive.self, BenchDewarp.self],
        defaultSubcommand: BenchRead.self
    )
}

struct BenchRead: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Measure speed, accuracy and memory on a data set, beside a peer that reads the same images.",
        discussion: """
            Reads every image of MANIFEST (a manifest.tsv of image<TAB>truth lines, as in \
            ../shared/datasets) with `ocr read` and with peers, in one run:

            - --engine tesseract and auto: the tesseract command one image at a time with its \
            default settings (naive), and at its best (OMP_THREAD_LIMIT=1, one process per job).
            - --engine ppocr and auto: RapidOCR (PyPI rapidocr_onnxruntime 1.4.4, the same \
            PP-OCRv4 models, one image after another as its command reads them, on every core), \
            with its orientation classifier when ocr uses one; scripts/setup-rapidocr installs it.
            - --engine ndlocr: no peer.

            It prints images per second, the character error rate (CER, of the whole text in \
            order), bag-of-words F1, plate accuracy for sets of number plates (a folder named \
            *plates*), the peak memory of one process, and our speed as a ratio of each peer's. \
            For the ONNX engines it also prints the time ocr took per image (elapsed time times \
            jobs) over the time the models' own inference took. CER ignores case when the truth \
            has no lower-case letters (SROIE's receipts).
            """
    )

    @Argument(help: "The data set's manifest.tsv.")
    var manifest: String

    @Option(help: "Only the first n images.")
    var limit: Int?

    @Option(help: "Images read at once by ocr, and tesseract processes at once in the best run.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Candidate readings ocr computes for each word (the peers compute none).")
    var alternatives = 0

    @Option(help: "The reading order ocr reads in: engine or layout.")
    var order: ReadingOrder = .engine

    @Option(help: "The engine ocr reads with: auto, tesseract, ppocr or ndlocr.")
    var engine: EngineChoice = .auto

    @Option(help: ArgumentHelp("The ONNX engine's model folder, as for `ocr read`.", valueName: "folder"))
    var models: String?

    @Flag(help: "ppocr: use the orientation classifier, in ocr and in RapidOCR.")
    var classifyOrientation = false

    @Flag(help: "Skip the naive tesseract run, the slowest part.")
    var skipNaive = false

    func run() async throws {
        let set = try Manifest(contentsOf: manifest)
        let entries = Array(set.entries.prefix(limit ?? .max))
        guard !entries.isEmpty else { throw ValidationError("\(manifest) lists no images") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scoring = Scoring(foldCase: !entries.contains { $0.truth.contains(where: \.isLowercase) },
                              plates: set.name.lowercased().contains("plates"))

        print("\(set.name): \(entries.count) images, \(jobs) jobs, \(ProcessInfo.processInfo.activeProcessorCount) cores"
              + (scoring.foldCase ? ", CER ignoring case" : ""))
        print(Row.header(scoring))
        let ours = try runOurs(entries, folder: folder)
        let ourRow = ours.scored(entries, scoring: scoring)
        print(ourRow.line(scoring))
        var peers: [Row] = []
        if engine == .tesseract || engine == .auto {
            if !skipNaive {
                peers.append(try await runTesseract(entries, folder: folder, lanes: 1, limitThreads: false,
                                                    name: "tesseract naive").scored(entries, scoring: scoring))
                print(peers.last!.line(scoring))
            }
            peers.append(try await runTesseract(entries, folder: folder, lanes: jobs, limitThreads: true,
                                                name: "tesseract best (\(jobs) procs)").scored(entries, scoring: scoring))
            print(peers.last!.line(scoring))
        }
        if engine == .ppocr || engine == .auto {
            peers.append(try runRapidOCR(entries, folder: folder).scored(entries, scoring: scoring))
            print(peers.last!.line(scoring))
        }
        for peer in peers {
            print(String(format: "ocr vs %@: %.2fx the images per second", peer.name, ourRow.imagesPerSecond / peer.imagesPerSecond))
        }
        // Under auto, Tesseract's time is not the models'.
        if let inference = ours.inferenceSeconds, inference > 0, engine == .ppocr || engine == .ndlocr {
            print(String(format: "ocr time per image over its models' inference time: %.2fx (%.3f s against %.3f s of inference)",
                          ours.seconds * Double(jobs) / inference, ours.seconds * Double(jobs) / Double(entries.count),
                          inference / Double(entries.count)))
        }
    }

    /// One `ocr read` process over every image, as a user would run it.
    private func runOurs(_ entries: [Manifest.Entry], folder: URL) throws -> Run {
        let output = folder.appendingPathComponent("ocr.jsonl").path
        let errors = folder.appendingPathComponent("ocr.err").path
        var arguments = ["read", "--format", "jsonl", "--timings", "--jobs", "\(jobs)", "--alternatives", "\(alternatives)",
                         "--order", order.rawValue, "--engine", engine.rawValue]
        if let models { arguments += ["--models", models] }
        if engine == .ndlocr { arguments += ["--lang", "jpn"] }
        if classifyOrientation { arguments.append("--classify-orientation") }
        let outcome = try ChildProcess.run(Self.executablePath, arguments + entries.map(\.imagePath), output: output, errors: errors)
        // `--timings` ends standard error with "...; model inference 12.34 s (1.10x)".
        let report = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        let inference = report.firstMatch(of: /model inference ([0-9.]+) s/).flatMap { Double($0.1) }
        return Run(name: "ocr \(engine.rawValue) (\(jobs) jobs, \(order.rawValue))", seconds: outcome.seconds,
                   peakBytes: outcome.peakBytes, texts: Self.texts(inJSONLines: output), inferenceSeconds: inference)
    }

    /// RapidOCR's Python package over every image in one process, through scripts/rapidocr-read.
    private func runRapidOCR(_ entries: [Manifest.Entry], folder: URL) throws -> Run {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let script = root.appendingPathComponent("scripts/rapidocr-read").path
        let packages = root.appendingPathComponent(".deps/python").path
        guard FileManager.default.fileExists(atPath: script),
              FileManager.default.fileExists(atPath: packages + "/rapidocr_onnxruntime") else {
            throw ValidationError("RapidOCR is not installed: run scripts/setup-rapidocr, from the OCRKit folder")
        }
        let output = folder.appendingPathComponent("rapidocr.jsonl").path
        let outcome = try ChildProcess.run(
            "python3", [script] + (classifyOrientation ? [] : ["--no-cls"]) + entries.map(\.imagePath),
            output: output, environment: ["PYTHONPATH": packages])
        return Run(name: "RapidOCR 1.4.4" + (classifyOrientation ? " (cls)" : ""), seconds: outcome.seconds,
                   peakBytes: outcome.peakBytes, texts: Self.texts(inJSONLines: output))
    }

    /// The tesseract command once per image, `lanes` processes at a time.
    private func runTesseract(
        _ entries: [Manifest.Entry], folder: URL, lanes: Int, limitThreads: Bool, name: String
    ) async throws -> Run {
        let peer = try await TesseractPeer(lanes: lanes, limitsThreads: limitThreads).read(entries.map(\.imagePath), folder: folder)
        return Run(name: name, seconds: peer.seconds, peakBytes: peer.peakBytes, texts: peer.texts)
    }

    /// The text of each image in a JSON Lines file of objects with `image` and `text`, as both
    /// `ocr read --format jsonl` (pages) and scripts/rapidocr-read write them; lines that are not
    /// such objects (an image that failed) are skipped.
    private static func texts(inJSONLines path: String) -> [String: String] {
        struct Reading: Decodable {
            var image: String
            var text: String
        }
        var texts: [String: String] = [:]
        for line in (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? [] {
            if let reading = try? JSONDecoder().decode(Reading.self, from: Data(line.utf8)) { texts[reading.image] = reading.text }
        }
        return texts
    }

    private static var executablePath: String {
        Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}

/// How readings are scored against a data set's truth.
private struct Scoring {
    /// Whether case is ignored in the character error rate.
    var foldCase: Bool
    /// Whether the truths are number plates, scored by ``PlateScore``.
    var plates: Bool
}

/// What one contender read and what it cost.
private struct Run {
    var name: String
    var seconds: Double
    var peakBytes: Int
    /// Text read, by image path; images that failed are missing.
    var texts: [String: String]
    /// The time ONNX models took, summed over threads, when the contender reports it.
    var inferenceSeconds: Double?

    func scored(_ entries: [Manifest.Entry], scoring: Scoring) -> Row {
        var characters = CharacterErrorRate(caseSensitive: !scoring.foldCase)
        var words = WordScore()
        var plates = PlateScore()
        for entry in entries {
            let text = texts[entry.imagePath] ?? ""
            characters.add(reading: text, truth: entry.truth)
            words.add(reading: text, truth: entry.truth)
            plates.add(reading: text, plate: entry.truth)
        }
        return Row(name: name, imagesPerSecond: Double(entries.count) / seconds, cer: characters.rate, f1: words.f1,
                   plateAccuracy: plates.accuracy, peakMegabytes: Double(peakBytes) / 1_048_576,
                   failed: entries.count - texts.count)
    }
}

private struct Row {
    static func header(_ scoring: Scoring) -> String {
        "contender                    images/s      CER   word F1" + (scoring.plates ? "  plates" : "") + "   peak MB  failed"
    }

    var name: String
    var imagesPerSecond: Double
    var cer: Double
    var f1: Double
    var plateAccuracy: Double
    var peakMegabytes: Double
    var failed: Int

    func line(_ scoring: Scoring) -> String {
        name.padding(toLength: 27, withPad: " ", startingAt: 0)
            + String(format: "%10.2f %8.4f %9.4f", imagesPerSecond, cer, f1)
            + (scoring.plates ? String(format: " %7.4f", plateAccuracy) : "")
            + String(format: " %9.1f %7d", peakMegabytes, failed)
    }
}
