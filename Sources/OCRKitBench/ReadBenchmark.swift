import Foundation
import OCRKit
import OCRKitProcesses
import OCRKitEngines
import OCRKitEvaluation

/// Speed, accuracy and memory of `ocr read` on a data set, beside peers that read the same
/// images in the same run: the tesseract command (naive, and at its best) and RapidOCR 3.10.
///
/// Every contender runs as a process of its own, ours included, so that each is timed and its
/// peak memory measured the same way:
///
/// ```swift
/// var benchmark = ReadBenchmark(manifest: "../shared/datasets/uw3_lines/manifest.tsv", ocr: ocrPath)
/// benchmark.contenders = [ReadBenchmark.Contender(.tesseract)]
/// benchmark.limit = 4
/// try await benchmark.run { print($0) }
/// ```
public struct ReadBenchmark: Sendable {
    /// One way of running `ocr read`: an engine and, for the ONNX engines, its models.
    public struct Contender: Sendable {
        public var engine: EngineChoice
        /// As for `ocr read --models`; the engine's default when nil.
        public var models: String?
        /// As for `ocr read --lang`; none, the default, leaves each page's script to be found.
        public var languages: [String] = []

        public init(_ engine: EngineChoice, models: String? = nil, languages: [String] = []) {
            self.engine = engine
            self.models = models
            self.languages = languages
        }

        var usesTesseract: Bool { engine == .tesseract || engine == .auto }
        var usesPPOCR: Bool { engine == .ppocr || engine == .auto }
    }

    /// The data set's manifest.tsv (image<TAB>truth lines).
    public var manifest: String
    /// The `ocr` executable measured.
    public var ocr: String
    /// The ways `ocr read` is run, each measured against every peer that reads with its engines.
    public var contenders = [Contender(.auto)]
    /// Only the first images, when set.
    public var limit: Int?
    /// Images read at once by ocr, and tesseract processes at once in its best run.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Candidate readings ocr computes for each word (the peers compute none).
    public var alternatives = 0
    public var order: ReadingOrder = .engine
    /// Whether ocr and RapidOCR use PP-OCR's orientation classifier.
    public var classifiesOrientation = false
    /// Whether the naive tesseract run, the slowest part, is skipped.
    public var skipsNaiveTesseract = false
    /// The OCRKit folder, which holds scripts/rapidocr-read and RapidOCR in .deps/rapidocr.
    public var projectFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    public init(manifest: String, ocr: String) {
        self.manifest = manifest
        self.ocr = ocr
    }

    /// Runs every contender and peer, handing `report` the table's lines as they are measured,
    /// then the ratios of speed.
    public func run(report: (String) -> Void) async throws {
        let set = try Manifest(contentsOf: manifest)
        let entries = Array(set.entries.prefix(limit ?? .max))
        guard !entries.isEmpty else { throw OCRError(.invalidOption, path: manifest, reason: "lists no images") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scoring = Scoring(foldCase: !entries.contains { $0.truth.contains(where: \.isLowercase) },
                              plates: set.name.lowercased().contains("plates"))

        report("\(set.name): \(entries.count) images, \(jobs) jobs, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(order.rawValue) order"
               + (scoring.foldCase ? ", CER ignoring case" : ""))
        report(Row.header(scoring))
        var ours: [(contender: Contender, row: Row)] = []
        for contender in contenders {
            let run = try await runOurs(contender, entries, folder: folder)
            let row = run.scored(entries, scoring: scoring)
            report(row.line(scoring))
            report("  pages read in: " + run.languageCounts.map { "\($0.languages) \($0.pages)" }.joined(separator: ", "))
            ours.append((contender, row))
            // Under auto, Tesseract's time is not the models'.
            if let inference = run.inferenceSeconds, inference > 0, contender.engine == .ppocr || contender.engine == .ndlocr {
                report(String(format: "  time per image over its models' inference time: %.2fx (%.3f s against %.3f s of inference)",
                              run.seconds * Double(jobs) / inference, run.seconds * Double(jobs) / Double(entries.count),
                              inference / Double(entries.count)))
            }
        }
        var peers: [(row: Row, judges: (Contender) -> Bool)] = []
        if contenders.contains(where: \.usesTesseract) {
            if !skipsNaiveTesseract {
                let run = try await runTesseract(entries, folder: folder, jobs: 1, limitThreads: false, name: "tesseract naive")
                peers.append((run.scored(entries, scoring: scoring), \.usesTesseract))
                report(peers.last!.row.line(scoring))
            }
            let run = try await runTesseract(entries, folder: folder, jobs: jobs, limitThreads: true,
                                             name: "tesseract best (\(jobs) procs)")
            peers.append((run.scored(entries, scoring: scoring), \.usesTesseract))
            report(peers.last!.row.line(scoring))
        }
        if contenders.contains(where: \.usesPPOCR) {
            peers.append((try await runRapidOCR(entries, folder: folder).scored(entries, scoring: scoring), \.usesPPOCR))
            report(peers.last!.row.line(scoring))
        }
        for (contender, row) in ours {
            for peer in peers where peer.judges(contender) {
                report(String(format: "%@ vs %@: %.2fx the images per second, %.2fx the peak memory", row.name, peer.row.name,
                              row.imagesPerSecond / peer.row.imagesPerSecond, row.peakMegabytes / peer.row.peakMegabytes))
            }
        }
    }

    /// One `ocr read` process over every image, as a user would run it.
    private func runOurs(_ contender: Contender, _ entries: [Manifest.Entry], folder: URL) async throws -> Run {
        let output = folder.appendingPathComponent("ocr.jsonl").path
        let errors = folder.appendingPathComponent("ocr.err").path
        var arguments = ["read", "--format", "jsonl", "--timings", "--jobs", "\(jobs)", "--alternatives", "\(alternatives)",
                         "--order", order.rawValue, "--engine", contender.engine.rawValue]
        if let models = contender.models { arguments += ["--models", models] }
        if contender.engine == .ndlocr { arguments += ["--lang", "jpn"] }
        if !contender.languages.isEmpty { arguments += ["--lang", contender.languages.joined(separator: "+")] }
        if classifiesOrientation { arguments.append("--classify-orientation") }
        let outcome = try await ChildProcess.run(ocr, arguments + entries.map(\.imagePath), output: output, errors: errors)
        // `--timings` ends standard error with "...; model inference 12.34 s (1.10x)".
        let report = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        let inference = report.firstMatch(of: /model inference ([0-9.]+) s/).flatMap { Double($0.1) }
        let models = contender.models.map { " \(URL(fileURLWithPath: $0).lastPathComponent)" } ?? ""
        let languages = contender.languages.isEmpty ? "" : " --lang \(contender.languages.joined(separator: "+"))"
        var run = Run(name: "ocr \(contender.engine.rawValue)\(models)\(languages)", seconds: outcome.seconds,
                      peakBytes: outcome.peakBytes, texts: Self.texts(inJSONLines: output), inferenceSeconds: inference)
        run.languageCounts = Self.languageCounts(inJSONLines: output)
        return run
    }

    /// RapidOCR 3.10's Python package over every image in one process, through scripts/rapidocr-read.
    private func runRapidOCR(_ entries: [Manifest.Entry], folder: URL) async throws -> Run {
        let script = projectFolder.appendingPathComponent("scripts/rapidocr-read").path
        let packages = projectFolder.appendingPathComponent(".deps/rapidocr").path
        guard FileManager.default.fileExists(atPath: script),
              FileManager.default.fileExists(atPath: packages + "/rapidocr-3.10.0.dist-info") else {
            throw OCRError(.engineUnavailable, path: packages,
                           reason: "RapidOCR 3.10, the peer, is not installed in this OCRKit checkout: its scripts/setup-rapidocr installs it")
        }
        let output = folder.appendingPathComponent("rapidocr.jsonl").path
        let outcome = try await ChildProcess.run(
            "python3", [script] + (classifiesOrientation ? [] : ["--no-cls"]) + entries.map(\.imagePath),
            output: output, environment: ["PYTHONPATH": packages])
        return Run(name: "RapidOCR 3.10" + (classifiesOrientation ? " (cls)" : ""), seconds: outcome.seconds,
                   peakBytes: outcome.peakBytes, texts: Self.texts(inJSONLines: output))
    }

    /// The tesseract command once per image, `jobs` processes at a time.
    private func runTesseract(
        _ entries: [Manifest.Entry], folder: URL, jobs: Int, limitThreads: Bool, name: String
    ) async throws -> Run {
        let peer = try await TesseractPeer(jobs: jobs, limitsThreads: limitThreads).read(entries.map(\.imagePath), folder: folder)
        return Run(name: name, seconds: peer.seconds, peakBytes: peer.peakBytes, texts: peer.texts)
    }

    /// How many pages `ocr read --format jsonl` read in each set of languages (`eng`, `rus+ukr`,
    /// `none` for pages read without), the most first: which scripts the pages were taken for.
    static func languageCounts(inJSONLines path: String) -> [(languages: String, pages: Int)] {
        struct Page: Decodable {
            var languages: [String]?
        }
        var counts: [String: Int] = [:]
        for page in JSONLines.objects(Page.self, in: path) {
            counts[(page.languages ?? []).isEmpty ? "none" : page.languages!.joined(separator: "+"), default: 0] += 1
        }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }

    /// The text of each image in a JSON Lines file of objects with `image` and `text`, as both
    /// `ocr read --format jsonl` (pages) and scripts/rapidocr-read write them; lines that are not
    /// such objects (an image that failed) are skipped.
    private static func texts(inJSONLines path: String) -> [String: String] {
        struct Reading: Decodable {
            var image: String
            var text: String
        }
        return Dictionary(JSONLines.objects(Reading.self, in: path).map { ($0.image, $0.text) }) { first, _ in first }
    }
}
