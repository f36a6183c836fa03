import Foundation
import OCRKit
import OCRKitProcesses

/// The tesseract command, the peer `ocr bench` measures against: once per image, as people run it.
struct TesseractPeer {
    /// Processes at once.
    var jobs: Int
    /// Whether each process is held to one OpenMP thread (OMP_THREAD_LIMIT=1), tesseract at its
    /// best on several images; without it, its threads spin against each other.
    var limitsThreads: Bool
    /// Options after the image and output, such as `--psm 1` (pages turned by its own orientation detection).
    var options: [String] = []

    struct Outcome {
        /// Text read, by image path.
        var texts: [String: String]
        var seconds: Double
        /// The largest peak resident memory of one process.
        var peakBytes: Int
    }

    /// Reads `paths`, writing its outputs in `folder`.
    func read(_ paths: [String], folder: URL) async throws -> Outcome {
        let environment: [String: String?] = ["OMP_THREAD_LIMIT": limitsThreads ? "1" : nil]
        let options = options
        let start = ContinuousClock.now
        let results = try await Array(paths.indices).concurrentMap(jobs: jobs) { index in
            let path = paths[index], output = folder.appendingPathComponent("tesseract-\(index).txt").path
            let outcome: ChildProcess.Outcome = try await ChildProcess.run("tesseract", [path, "stdout"] + options, output: output,
                                                                           environment: environment)
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            return Reading(path: path, text: text, peakBytes: outcome.peakBytes)
        }
        return Outcome(texts: Dictionary(results.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first }),
                       seconds: (ContinuousClock.now - start).timeInterval, peakBytes: results.map(\.peakBytes).max() ?? 0)
    }

    private struct Reading: Sendable {
        var path: String
        var text: String
        var peakBytes: Int
    }
}
