import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract
import OCRKitTestSupport
import Testing

@Suite(.heavy) struct DatasetTests {
    @Test(.enabled(if: SharedData.isAvailable("uw3_lines"), SharedData.missingReason))
    func readsScannedLinesWithinTheErrorBound() async throws {
        let manifest = try Manifest(contentsOf: SharedData.manifest("uw3_lines"))
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())
        var score = CharacterErrorRate()
        for entry in manifest.entries {
            let page = try await reader.read(entry.imagePath)
            score.add(reading: page.text, truth: entry.truth)
        }
        #expect(manifest.entries.count >= 30)
        // Tesseract's own command scores 0.0035 on these lines; allow a little headroom.
        #expect(score.rate < 0.01, "CER \(score.rate)")
    }
}
