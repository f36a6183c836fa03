import Foundation
import OCRKit
import OCRKitImages
import OCRKitTestSupport
import Testing

/// Tests/EngineChurn makes and drops readers of every kind (Tesseract, auto, straightening, the
/// live-frame engine, PP-OCR and NDLOCR where their models are installed) four times, then exits
/// while a last set is dropped on other threads.
@Suite(.onThreadsOfTheirOwn, .heavy)
struct EngineLifetimeTests {
    private static let churn = BuiltProducts.executable("EngineChurn")

    @Test func makingAndDroppingEnginesNeitherGrowsInMemoryNorCrashesAtExit() async throws {
        let image = try TemporaryImage()
        let result = try await run(image, cycles: 4)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("kinds: tesseract auto straightening frames"
                                        + (InstalledDependencies.hasPPOCR ? " ppocr" : "")
                                        + (NDLOCRStandInModels.canBeMade ? " ndlocr" : "")), "\(result.output)")
        let warm = try #require(figure(after: "resident after 2 cycles: ", in: result.output), "\(result.output)")
        let end = try #require(figure(after: "resident after 4 cycles: ", in: result.output), "\(result.output)")
        // One engine kept alive a cycle would add its models (Tesseract's English alone is 20 MB),
        // five or six of them at a time.
        #expect(end - warm < 48 * 1_048_576, "\(result.output)")
    }

    /// A line of text to read, in a folder that lives as long as the value.
    private struct TemporaryImage {
        let folder: TemporaryFolder
        let path: String

        init() throws {
            folder = try TemporaryFolder()
            path = folder.file("line.png")
            try ImageWriter.write(try TextRenderer.render("Engines come and go 2026"), to: path)
        }
    }

    private func run(_ image: TemporaryImage, cycles: Int) async throws -> (status: Int32, output: String) {
        var arguments = [image.path, String(cycles)]
        let models = NDLOCRStandInModels.canBeMade
            ? try NDLOCRStandInModels(detections: [(NDLOCRStandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)]) : nil
        if let models { arguments.append(models.folder.path) }
        // It runs for half a minute and more: waited for off Swift's cooperative threads.
        let churned = try await offThePool { [arguments] in try Tool.run(Self.churn, arguments) }
        withExtendedLifetime(models) {}
        // A crash shows as its signal's number.
        return (churned.status, churned.output + churned.errors)
    }

    private func figure(after label: String, in output: String) -> Double? {
        output.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap { Double($0.dropFirst(label.count)) }
    }
}
