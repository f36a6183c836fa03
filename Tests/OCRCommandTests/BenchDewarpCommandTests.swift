import Foundation
import OCRKitTestSupport
import Testing

/// `ocr bench dewarp` on two of ../shared/datasets' receipts, photographed by the simulation and
/// read by Tesseract.
@Suite(.enabled(if: SharedData.isAvailable("sroie"), SharedData.missingReason))
struct BenchDewarpCommandTests {
    @Test func straightenedPhotosReadLikeTheOriginals() throws {
        let result = try ocr(["bench", "dewarp", SharedData.manifest("sroie"), "--limit", "2", "--engine", "tesseract"])
        #expect(result.status == 0, "\(result.errors)")
        let output = result.output
        let flat = try #require(wordF1(of: "flat originals", in: output), "\(output)")
        let asTaken = try #require(wordF1(of: "photos as taken", in: output))
        let straightened = try #require(wordF1(of: "photos straightened", in: output))
        #expect(wordF1(of: "tesseract --psm 1 on the photos", in: output) != nil)
        #expect(straightened > asTaken + 0.3, "\(output)")
        #expect(abs(straightened - flat) < 0.1, "\(output)")
        #expect(output.contains("pages found 2/2, corners within 1.5% of the diagonal 2/2"), "\(output)")
        #expect(output.contains("set upright 2/2"), "\(output)")
    }

    /// The word F1 of the contender `label`: the last figure of its row.
    private func wordF1(of label: String, in output: String) -> Double? {
        output.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
