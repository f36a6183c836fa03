import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation

/// Speed, accuracy and memory of `ocr read` on a data set, beside peers that read the same
/// images in the same run: the tesseract command (naive, and at its best) and RapidOCR.
///
/// Every contender runs as a process of its own, ours included, so that each is timed and its
/// peak memory measured the same way:
///
/// ```swift
/// var benchmark = ReadBenchmark(manifest: "../shared/datasets/uw3_lines/manifest.tsv", ocr: ocrPath)
/// benchmark.engine = .tesseract
/// benchmark.limit = 4
/// try await benchmark.run { print($0) }
/// ```
public struct ReadBenchmark: Sendable {
    /// The data set's manifest.tsv (image<TAB>truth lines).
    public var manifest: String
    /// The `ocr` executable measured.
    public var ocr: String
    /// Only the first images, when set.
    public var limit: Int?
    /// Images read at once by ocr, and tesseract processes at once in its best run.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Candidate readings ocr computes for each word (the peers compute none).
    public var alternatives = 0
    public var order: ReadingOrder = .engine
    public var engine: EngineChoice = .auto
    /// The ONNX engine's model folder, as for `ocr read --models`.
    public var models: String?
    /// Whether ocr and RapidOCR use PP-OCR's orientation classifier.
    public var classifiesOrientation = false
    /// Whether the naive tesseract run, the slowest part, is skipped.
    public var skipsNaiveTesseract = false
    /// The OCRKit folder, which holds scripts/rapidocr-read and RapidOCR in .deps/python.
    public var projectFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    public init(manifest: String, ocr: String) {
        self.manifest = manifest
        self.ocr = ocr
    }

    /// Runs every contender, handing `report` the table's lines as they are measured, then the
    /// ratios of speed.
    public func run(report: (String) -> Void) async throws {
        let set = try Manifest(contentsOf: manifest)
        let entries = Array(set.entries.prefix(limit ?? .max))
        guard !entries.isEmpty else { throw OCRError(.invalidOption, path: manifest, reason: "lists no images") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scoring = Scoring(foldCase: !entries.contains { $0.truth.contains(where: \.isLowercase) },
                              plates: set.name.lowercased().contains("plates"))

        report("\(set.name): \(entries.count) images, \(jobs) jobs, \(ProcessInfo.processInfo.activeProcessorCount) cores"
               + (scoring.foldCase ? ", CER ignoring case" : ""))
        report(Row.header(scoring))
        let ours = try runOurs(entries, folder: folder)
        let ourRow = ours.scored(entries, scoring: scoring)
        report(ourRow.line(scoring))
        var peers: [Row] = []
        if engine == .tesseract || engine == .auto {
            if !skipsNaiveTesseract {
                peers.append(try await runTesseract(entries, folder: folder, lanes: 1, limitThreads: false,
                                                    name: "tesseract naive").scored(entries, scoring: scoring))
                report(peers.last!.line(scoring))
            }
            peers.append(try await runTesseract(entries, folder: folder, lanes: jobs, limitThreads: true,
                                                name: "tesseract best (\(jobs) procs)").scored(entries, scoring: scoring))
            report(peers.last!.line(scoring))
        }
        if engine == .ppocr || engine == .auto {
            peers.append(try runRapidOCR(entries, folder: folder).scored(entries, scoring: scoring))
            report(peers.last!.line(scoring))
        }
        for peer in peers {
            report(String(format: "ocr vs %@: %.2fx the images per second", peer.name, ourRow.imagesPerSecond / peer.imagesPerSecond))
        }
        // Under auto, Tesseract's time is not the models'.
        if let inference = ours.inferenceSeconds, inference > 0, engine == .ppocr || engine == .ndlocr {
            report(String(format: "ocr time per image over its models' inference time: %.2fx (%.3f s against %.3f s of inference)",
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
        if classifiesOrientation { arguments.append("--classify-orientation") }
        let outcome = try ChildProcess.run(ocr, arguments + entries.map(\.imagePath), output: output, errors: errors)
        // `--timings` ends standard error with "...; model inference 12.34 s (1.10x)".
        let report = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        let inference = report.firstMatch(of: /model inference ([0-9.]+) s/).flatMap { Double($0.1) }
        return Run(name: "ocr \(engine.rawValue) (\(jobs) jobs, \(order.rawValue))", seconds: outcome.seconds,
                   peakBytes: outcome.peakBytes, texts: Self.texts(inJSONLines: output), inferenceSeconds: inference)
    }

    /// RapidOCR's Python package over every image in one process, through scripts/rapidocr-read.
    private func runRapidOCR(_ entries: [Manifest.Entry], folder: URL) throws -> Run {
        let script = projectFolder.appendingPathComponent("scripts/rapidocr-read").path
        let packages = projectFolder.appendingPathComponent(".deps/python").path
        guard FileManager.default.fileExists(atPath: script),
              FileManager.default.fileExists(atPath: packages + "/rapidocr_onnxruntime") else {
            throw OCRError(.engineUnavailable, path: packages,
                           reason: "RapidOCR is not installed here: run scripts/setup-rapidocr, from the OCRKit folder")
        }
        let output = folder.appendingPathComponent("rapidocr.jsonl").path
        let outcome = try ChildProcess.run(
            "python3", [script] + (classifiesOrientation ? [] : ["--no-cls"]) + entries.map(\.imagePath),
            output: output, environment: ["PYTHONPATH": packages])
        return Run(name: "RapidOCR 1.4.4" + (classifiesOrientation ? " (cls)" : ""), seconds: outcome.seconds,
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
}
