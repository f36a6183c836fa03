import Foundation
import OCRKitTestSupport
import Testing

/// `ocr bench live` on two real photos of cars from ../shared/datasets, filmed by the simulated
/// camera, read by PP-OCR.
@Suite(.enabled(if: SharedData.isAvailable("openalpr_plates"), SharedData.missingReason),
       .enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct BenchLiveCommandTests {
    @Test func theScannerAcceptsPlatesOnceAndReportsItsFigures() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array(try shortList().utf8), to: "boxes.tsv")
        let result = try ocr(["bench", "live", path, "--frames", "14", "--engine", "ppocr", "--details"])
        #expect(result.status == 0, "\(result.errors)")
        let output = result.output
        #expect(output.contains("2 sequences of 14 frames, engine ppocr, pattern alnum:5-8"))
        let accepted = try #require(figure(after: "plates accepted", in: output))
        let single = try #require(figure(after: "a single frame's top read:", in: output))
        #expect(accepted == 1, "\(output)")
        #expect(accepted >= single, "\(output)")
        #expect(figure(after: "duplicate reports", in: output) == 0)
    }

    /// Two lines of the data set's boxes.tsv, with absolute paths.
    private func shortList() throws -> String {
        let set = SharedData.datasets.appendingPathComponent("openalpr_plates")
        let lines = try String(contentsOf: set.appendingPathComponent("boxes.tsv"), encoding: .utf8)
            .split(separator: "\n")
            .filter { ["K179658", "5UVR090"].contains($0.split(separator: "\t").last.map(String.init) ?? "") }
        return lines.map { set.path + "/" + $0 }.joined(separator: "\n") + "\n"
    }
}
