import OCRKit
import Synchronization
import Testing

/// An engine that reads a tall line and a short one, refuses German, and counts its calls.
private final class TwoLineEngine: OCREngine {
    let calls = Mutex(0)

    var info: EngineInfo { EngineInfo(name: "two-lines", version: "1") }

    func checkSupport(of options: RecognitionOptions) throws {
        if options.languages.contains("deu") { throw OCRError(.invalidOption, reason: "two-lines reads no German") }
    }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        calls.withLock { $0 += 1 }
        let lines = [("Heading", 0.2), ("fine print", 0.01)].enumerated().map { index, line in
            let box = Rect(x: 0, y: Double(index) * 0.5, width: 1, height: line.1)
            return Line(text: line.0, confidence: 1, box: box, quad: box.quad,
                        words: [Word(text: line.0, confidence: 1, box: box, quad: box.quad)])
        }
        return Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: info, lines: lines)
    }
}

/// What every engine shares is done once, in `read`, whatever the engine.
struct EngineReadTests {
    let bitmap = Bitmap(width: 8, height: 8, layout: .gray, pixels: [UInt8](repeating: 255, count: 64), image: "x.png")

    @Test func linesUnderTheMinimumHeightAreDropped() async throws {
        let engine = TwoLineEngine()
        #expect(try await engine.read(bitmap).text == "Heading\nfine print")
        #expect(try await engine.read(bitmap, options: RecognitionOptions(minimumTextHeight: 0.05)).text == "Heading")
    }

    @Test func optionsAreCheckedBeforeTheEngineReads() async throws {
        let engine = TwoLineEngine()
        for options in [RecognitionOptions(languages: [""]), RecognitionOptions(alternativeCount: -1),
                        RecognitionOptions(minimumTextHeight: 1.5), RecognitionOptions(languages: ["deu"])] {
            await #expect(throws: OCRError.self) { try await engine.read(bitmap, options: options) }
        }
        #expect(engine.calls.withLock { $0 } == 0)
        #expect(throws: OCRError.self) { try engine.validate(RecognitionOptions(languages: ["deu"])) }
        try engine.validate(RecognitionOptions(languages: ["eng"]))
    }
}
