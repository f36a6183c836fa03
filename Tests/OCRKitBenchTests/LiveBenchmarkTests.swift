import Foundation
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitTestSupport
import Testing

@Suite(.onThreadsOfTheirOwn, .heavy)
struct LiveBenchmarkTests {
    /// Two real photos of cars from ../shared/datasets, filmed by the simulated camera, read by PP-OCR.
    @Test(.enabled(if: SharedData.isAvailable("openalpr_plates"), SharedData.missingReason),
          .enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func theScannerAcceptsPlatesOnceAndReportsItsFigures() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array(try shortList().utf8), to: "boxes.tsv")
        var settings = EngineSettings(.ppocr)
        settings.models = InstalledDependencies.ppocrModels
        var benchmark = LiveBenchmark(boxes: path, engine: try settings.frameEngine())
        benchmark.frameCount = 14
        benchmark.reportsSequences = true
        var lines: [String] = []
        try await benchmark.run { lines.append($0) }
        let output = lines.joined(separator: "\n")
        #expect(output.contains("2 sequences of 14 frames, engine ppocr, pattern plate"))
        #expect(lines.filter { $0.hasPrefix("K179658: ") || $0.hasPrefix("5UVR090: ") }.count == 2, "\(output)")
        let accepted = try #require(figure(after: "plates accepted", in: output))
        let single = try #require(figure(after: "a single frame's top read:", in: output))
        #expect(accepted == 1, "\(output)")
        #expect(accepted >= single, "\(output)")
        // Both plates are large and sharp: read right by most of the frames that show them.
        #expect(figure(after: "plates read", in: output) == 1, "\(output)")
        #expect(figure(after: "duplicate reports", in: output) == 0)
        #expect(output.contains("sign's text reported     in 0 sequences"), "\(output)")
    }

    /// A Slovak plate labelled `RKO99AN`: the O stands where every European format has a digit,
    /// so no scanner can report it as written. It is listed, and the figures are given without it.
    @Test(.enabled(if: SharedData.isAvailable("openalpr_plates"), SharedData.missingReason),
          .enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func truthsTheirFormatsRefuseAreScoredApart() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array(try shortList(["K179658", "RKO99AN"]).utf8), to: "boxes.tsv")
        var settings = EngineSettings(.ppocr)
        settings.models = InstalledDependencies.ppocrModels
        var benchmark = LiveBenchmark(boxes: path, engine: try settings.frameEngine())
        benchmark.frameCount = 14
        var lines: [String] = []
        try await benchmark.run { lines.append($0) }
        let output = lines.joined(separator: "\n")
        #expect(output.contains("truths not reportable    1, refused by their region's formats or the pattern (RKO99AN)"), "\(output)")
        #expect(output.contains("  the other 1: accepted "), "\(output)")
    }

    @Test func aListWithoutPlatesIsNamedInTheError() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array("".utf8), to: "boxes.tsv")
        let benchmark = LiveBenchmark(boxes: path, engine: try EngineSettings(.tesseract).frameEngine())
        let error = await #expect(throws: OCRError.self) { try await benchmark.run { _ in } }
        #expect(error?.description == "\(path): lists no plates")
    }

    /// The data set's boxes.tsv lines of `plates`, with absolute paths.
    private func shortList(_ plates: Set<String> = ["K179658", "5UVR090"]) throws -> String {
        let set = SharedData.datasets.appendingPathComponent("openalpr_plates")
        let lines = try String(contentsOf: set.appendingPathComponent("boxes.tsv"), encoding: .utf8)
            .split(separator: "\n")
            .filter { plates.contains($0.split(separator: "\t").last.map(String.init) ?? "") }
        return lines.map { set.path + "/" + $0 }.joined(separator: "\n") + "\n"
    }
}
