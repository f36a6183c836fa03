import Foundation
import OCRKitBench
import OCRKitEngines
import OCRKitTestSupport
import Testing

/// Two of ../shared/datasets' receipts, photographed by the simulation and read by Tesseract.
@Suite(.enabled(if: SharedData.isAvailable("sroie"), SharedData.missingReason), .onThreadsOfTheirOwn, .heavy)
struct StraighteningBenchmarkTests {
    @Test func straightenedPhotosReadLikeTheOriginals() async throws {
        var benchmark = StraighteningBenchmark(manifest: SharedData.manifest("sroie"), settings: EngineSettings(.tesseract))
        benchmark.limit = 2
        var lines: [String] = []
        try await benchmark.run { lines.append($0) }
        let output = lines.joined(separator: "\n")
        let flat = try #require(wordF1(of: "flat originals", in: lines), "\(output)")
        let asTaken = try #require(wordF1(of: "photos as taken", in: lines))
        let straightened = try #require(wordF1(of: "photos straightened", in: lines))
        #expect(wordF1(of: "tesseract --psm 1 on the photos", in: lines) != nil)
        #expect(straightened > asTaken + 0.3, "\(output)")
        #expect(abs(straightened - flat) < 0.1, "\(output)")
        #expect(output.contains("pages found 2/2, corners within 1.5% of the diagonal 2/2"), "\(output)")
        #expect(output.contains("set upright 2/2"), "\(output)")
    }

    /// The word F1 of the contender `label`: the last figure of its row.
    private func wordF1(of label: String, in lines: [String]) -> Double? {
        lines.first { $0.hasPrefix(label) }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
