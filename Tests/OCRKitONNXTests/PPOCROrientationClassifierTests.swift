import Foundation
import OCRKit
import OCRKitImages
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

private let models = InstalledDependencies.ppocrModels
private let library = InstalledDependencies.onnxRuntimeLibrary

@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct PPOCROrientationClassifierTests {
    @Test func findsUpsideDownLinesAndTheEngineReadsThem() async throws {
        let text = "Parcel 42 for Grace Hopper"
        let upright = try TextRenderer.render(text, font: "DejaVu Sans 16", margin: 8)
        let upsideDown = upright.turned(clockwiseQuarterTurns: 2)
        let classifier = PPOCROrientationClassifier(session: try ONNXSession(
            runtime: .shared(libraryPath: library), model: models + "/ch_ppocr_mobile_v2.0_cls_infer.onnx"))
        let whole = Rect(x: 0, y: 0, width: Double(upright.width), height: Double(upright.height)).quad
        #expect(try classifier.isUpsideDown([whole], in: upright) == [false])
        #expect(try classifier.isUpsideDown([whole], in: upsideDown) == [true])

        // On a page, so that the detector sees the line at the size it expects.
        let page = Bitmap.page(width: upsideDown.width + 200, height: upsideDown.width / 2,
                                placing: [(upsideDown, 100, upsideDown.width / 4)])
        var configuration = PPOCREngine.Configuration(models: models, libraryPath: library, jobs: 1)
        configuration.classifiesOrientation = true
        let read = try await PPOCREngine(configuration: configuration).read(page, options: RecognitionOptions())
        #expect(read.lines.map(\.text) == [text])
    }

    @Test func linesRunningDownThePageAreRead() async throws {
        let text = "SIDEWAYS 2024"
        // Turned a quarter clockwise, the line runs down the page, as on a book's spine.
        let spine = try TextRenderer.render(text, font: "DejaVu Sans 16", margin: 4).turned(clockwiseQuarterTurns: 1)
        let page = Bitmap.page(width: spine.height, height: spine.height + 200,
                               placing: [(spine, spine.height / 2, 100)])
        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: models, libraryPath: library, jobs: 1))
        let read = try await engine.read(page, options: RecognitionOptions())
        #expect(read.lines.map(\.text) == [text])
        // Its quad reads downwards: the top edge runs down the line's right side.
        let quad = try #require(read.lines.first?.quad)
        #expect(quad.topRight.y > quad.topLeft.y + Double(spine.height) / 2)
    }
}
