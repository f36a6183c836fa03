import Foundation
@testable import OCRKitBench
import OCRKitImages
import OCRKitTestSupport
import Testing

@Suite(.heavy)
struct TesseractPeerTests {
    @Test func theCommandReadsEveryImage() async throws {
        let folder = try TemporaryFolder()
        let texts = ["Receipt number 4711", "Paid by card"]
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            paths.append(folder.file("image\(index).png"))
            try ImageWriter.write(try TextRenderer.render(text), to: paths[index])
        }
        let outcome = try await TesseractPeer(jobs: 2, limitsThreads: true, options: ["--psm", "7"])
            .read(paths, folder: URL(fileURLWithPath: folder.path))
        for (path, text) in zip(paths, texts) {
            #expect(outcome.texts[path]?.trimmingCharacters(in: .whitespacesAndNewlines) == text)
        }
        #expect(outcome.peakBytes > 0)
    }
}
