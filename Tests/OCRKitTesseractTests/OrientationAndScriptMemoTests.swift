import OCRKit
import OCRKitImages
@testable import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Tesseract's orientation and script detection runs once for an image, however many ask: the
/// orientation detector, then the script detector, both ask it of a doubtful page.
struct OrientationAndScriptMemoTests {
    @Test func anImageIsDetectedOnceAndAnotherAgain() throws {
        let dataPath = try #require(TesseractConfiguration().resolvedDataPath())
        let session = try TesseractSession(dataPath: dataPath)
        let memo = OrientationAndScriptMemo()
        let page = try TextRenderer.render((1...8).map { "Line \($0) of a page whose way up is sought" }.joined(separator: "\n"))
        let first = try #require(try session.orientationAndScript(of: page, memo: memo))
        let again = try #require(try session.orientationAndScript(of: page, memo: memo))
        #expect(memo.detections == 1)
        #expect(first.0 == again.0 && first.1 == again.1)
        #expect(first.0.quarterTurns == 0 && first.1?.script == .latin)

        let upsideDown = try #require(try session.orientationAndScript(of: page.turned(clockwiseQuarterTurns: 2), memo: memo))
        #expect(memo.detections == 2, "another image is detected")
        #expect(upsideDown.0.quarterTurns == 2)
    }
}
