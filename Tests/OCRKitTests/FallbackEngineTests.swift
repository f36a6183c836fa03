import OCRKit
import Testing

/// An engine that reads every bitmap as the same words, each with the given confidence, or fails.
private struct FixedEngine: OCREngine {
    var name: String
    var words: [(text: String, confidence: Double)]
    var fails = false

    var info: EngineInfo { EngineInfo(name: name, version: "1") }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        if fails { throw OCRError(.engineUnavailable, reason: "\(name) is not installed") }
        let box = Rect(x: 0, y: 0, width: 1, height: 1)
        let line = Line(text: words.map(\.text).joined(separator: " "), confidence: 1, box: box, quad: box.quad,
                        words: words.map { Word(text: $0.text, confidence: $0.confidence, box: box, quad: box.quad) })
        return Page(image: bitmap.source, width: bitmap.width, height: bitmap.height, engine: info, lines: [line])
    }
}

@Suite struct FallbackEngineTests {
    let bitmap = Bitmap(width: 8, height: 8, layout: .gray, pixels: [UInt8](repeating: 255, count: 64), source: "x.png")

    @Test func confidenceWeighsWordsByTheirLength() async throws {
        let page = try await FixedEngine(name: "a", words: [("receipt", 0.9), ("#", 0.1)]).read(bitmap, options: RecognitionOptions())
        #expect(abs(FallbackEngine.confidence(of: page) - (7 * 0.9 + 0.1) / 8) < 1e-12)
        let empty = try await FixedEngine(name: "a", words: []).read(bitmap, options: RecognitionOptions())
        #expect(FallbackEngine.confidence(of: empty) == 0)
    }

    @Test func readsAgainOnlyWhenThePrimaryIsUnsure() async throws {
        let fallback = FixedEngine(name: "second", words: [("plate", 0.9)])
        let sure = FallbackEngine(primary: FixedEngine(name: "first", words: [("scan", 0.95)]), fallback: fallback)
        #expect(try await sure.read(bitmap, options: RecognitionOptions()).engine.name == "first")
        let unsure = FallbackEngine(primary: FixedEngine(name: "first", words: [("~%", 0.3)]), fallback: fallback)
        #expect(try await unsure.read(bitmap, options: RecognitionOptions()).engine.name == "second")
        let nothing = FallbackEngine(primary: FixedEngine(name: "first", words: []), fallback: fallback)
        #expect(try await nothing.read(bitmap, options: RecognitionOptions()).text == "plate")
    }

    @Test func aFailingFallbackKeepsThePrimarysPage() async throws {
        let engine = FallbackEngine(primary: FixedEngine(name: "first", words: [("~%", 0.3)]),
                                    fallback: FixedEngine(name: "second", words: [], fails: true))
        let page = try await engine.read(bitmap, options: RecognitionOptions())
        #expect(page.engine.name == "first" && page.text == "~%")
    }
}
