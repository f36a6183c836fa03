import OCRKit
import Testing

/// An engine that reads every bitmap as the same lines, or fails: the rules of
/// `LineCombiningEngine` on pages of known lines (`OCRKitEnginesTests` runs it on real engines).
private struct FixedEngine: OCREngine {
    var name: String
    /// Each line's text, its words' confidence, and its box as x, y, width, height.
    var lines: [(text: String, confidence: Double, box: Rect)]
    var paragraphs: [Range<Int>]?
    var fails = false

    var info: EngineInfo { EngineInfo(name: name, version: "1") }

    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        if fails { throw OCRError(.engineUnavailable, reason: "\(name) is not installed") }
        let read = lines.map { line in
            Line(text: line.text, confidence: line.confidence, box: line.box, quad: line.box.quad,
                 words: line.text.split(separator: " ").map {
                     Word(text: String($0), confidence: line.confidence, box: line.box, quad: line.box.quad)
                 })
        }
        let layout = [(paragraphs ?? [read.indices]).map { Array(read[$0]) }]
        return Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: info, layout: layout)
    }
}

private func row(_ y: Double, from x: Double = 0.1, to right: Double = 0.9) -> Rect {
    Rect(x: x, y: y, width: right - x, height: 0.04)
}

@Suite struct LineCombiningEngineTests {
    let bitmap = Bitmap(width: 8, height: 8, layout: .gray, pixels: [UInt8](repeating: 255, count: 64), image: "x.png")
    /// Both engines' confidences taken as they are.
    let even = ConfidenceCalibration([(0, 0), (1, 1)])

    private func combining(_ first: FixedEngine, _ second: FixedEngine, unshared: Double = 0.5,
                           sure: Double? = nil) -> LineCombiningEngine {
        LineCombiningEngine(primary: .init(first, calibration: even, unsharedLineThreshold: unshared),
                            secondary: .init(second, calibration: even, unsharedLineThreshold: unshared, sureLineThreshold: sure))
    }

    @Test func eachLineIsReadByTheLikelierEngineAndTheSecondaryNeedsAMargin() async throws {
        let first = FixedEngine(name: "ppocr", lines: [("Invo1ce 2024", 0.6, row(0.1)), ("Total 42.00", 0.9, row(0.2)),
                                                      ("Thank you", 0.80, row(0.3))])
        let second = FixedEngine(name: "tesseract", lines: [("Invoice 2024", 0.95, row(0.1)), ("Tota1 42.00", 0.5, row(0.2)),
                                                            ("Thank yoo", 0.84, row(0.3))])
        let page = try await combining(first, second).read(bitmap, options: RecognitionOptions())
        // 0.84 is not 0.05 above 0.80: the primary's reading stays.
        #expect(page.lines.map(\.text) == ["Invoice 2024", "Total 42.00", "Thank you"])
        #expect(page.engine.name == "auto" && page.engine.version == "ppocr 1 + tesseract 1")
    }

    @Test func aLineOnlyOneEngineSawIsKeptWhenLikelyEnoughAndPlacedByItsHeight() async throws {
        let first = FixedEngine(name: "ppocr", lines: [("HEADER", 0.9, row(0.05)), ("speck", 0.3, row(0.5)),
                                                      ("body", 0.9, row(0.3))])
        let second = FixedEngine(name: "tesseract", lines: [("faded", 0.8, row(0.2)), ("body", 0.9, row(0.3)),
                                                            ("~~", 0.2, row(0.7)), ("footer", 0.9, row(0.9))])
        let page = try await combining(first, second).read(bitmap, options: RecognitionOptions())
        #expect(page.lines.map(\.text) == ["HEADER", "faded", "body", "footer"])
    }

    @Test func piecesAlongOneOfTheSecondarysLinesBecomeOneLine() async throws {
        let first = FixedEngine(name: "ppocr", lines: [("Milk 2L", 0.99, row(0.1, to: 0.4)), ("1.45", 0.99, row(0.1, from: 0.7)),
                                                      ("Bread", 0.99, row(0.15, to: 0.3))])
        let second = FixedEngine(name: "tesseract", lines: [("Milk 2L 1.4S", 0.7, row(0.1)), ("Bread", 0.6, row(0.15))])
        let page = try await combining(first, second).read(bitmap, options: RecognitionOptions())
        #expect(page.lines.map(\.text) == ["Milk 2L 1.45", "Bread"])
        let joined = page.lines[0]
        #expect(joined.words.map(\.text) == ["Milk", "2L", "1.45"])
        #expect(abs(joined.box.minX - 0.1) < 1e-9 && abs(joined.box.maxX - 0.9) < 1e-9)
    }

    /// Tesseract took two short rows for one line; the detector's pieces, one over the other,
    /// stay two lines.
    @Test func piecesOneOverTheOtherAreNotJoined() async throws {
        let first = FixedEngine(name: "ppocr", lines: [("Company No: SA0127959-D", 0.99, Rect(x: 0.05, y: 0.10, width: 0.5, height: 0.02)),
                                                      ("Site: 2395", 0.99, Rect(x: 0.05, y: 0.115, width: 0.2, height: 0.02))])
        let second = FixedEngine(name: "tesseract", lines: [("Company No: SA0127959-D Site: 2395", 0.6,
                                                             Rect(x: 0.05, y: 0.10, width: 0.5, height: 0.035))])
        let page = try await combining(first, second).read(bitmap, options: RecognitionOptions())
        #expect(page.lines.map(\.text) == ["Company No: SA0127959-D", "Site: 2395"])
    }

    @Test func theSecondarysParagraphsAreKept() async throws {
        let first = FixedEngine(name: "ppocr", lines: [("Dear Ada,", 0.9, row(0.1)), ("Thank you", 0.9, row(0.2)),
                                                      ("for the letter.", 0.9, row(0.25)), ("Yours,", 0.9, row(0.4))])
        var second = FixedEngine(name: "tesseract", lines: [("Dear Ada,", 0.9, row(0.1)), ("Thank you", 0.9, row(0.2)),
                                                            ("for the letter.", 0.9, row(0.25)), ("Yours,", 0.9, row(0.4))])
        second.paragraphs = [0..<1, 1..<3, 3..<4]
        let page = try await combining(first, second).read(bitmap, options: RecognitionOptions())
        #expect(page.text == "Dear Ada,\n\nThank you\nfor the letter.\n\nYours,")
    }

    @Test func aPageTheSecondaryIsSureOfLineByLineWithNoInkLeftIsItsAlone() async throws {
        let first = FixedEngine(name: "ppocr", lines: [("HEADER", 0.99, row(0.05)), ("Dear Ada,", 0.9, row(0.1))])
        let sure = FixedEngine(name: "tesseract", lines: [("Dear Ada,", 0.95, row(0.1)), ("Yours,", 0.9, row(0.4))])
        let alone = try await combining(first, sure, sure: 0.9).read(bitmap, options: RecognitionOptions())
        #expect(alone.lines.map(\.text) == ["Dear Ada,", "Yours,"] && alone.engine.name == "tesseract")

        // A mark where the sure engine read nothing: the primary reads the page too.
        let marked = Bitmap(width: 100, height: 100, layout: .gray,
                            pixels: (0..<10_000).map { $0 / 100 == 5 && $0 % 100 < 60 ? 0 : 255 }, image: "x.png")
        let seen = try await combining(first, sure, sure: 0.9).read(marked, options: RecognitionOptions())
        #expect(seen.lines.map(\.text) == ["HEADER", "Dear Ada,", "Yours,"] && seen.engine.name == "auto")

        let unsure = FixedEngine(name: "tesseract", lines: [("Dear Ada,", 0.95, row(0.1)), ("Yoors,", 0.85, row(0.4))])
        let both = try await combining(first, unsure, sure: 0.9).read(bitmap, options: RecognitionOptions())
        #expect(both.lines.map(\.text) == ["HEADER", "Dear Ada,", "Yoors,"] && both.engine.name == "auto")

        let empty = try await combining(first, FixedEngine(name: "tesseract", lines: []), sure: 0.9).read(bitmap, options: RecognitionOptions())
        #expect(empty.lines.map(\.text) == ["HEADER", "Dear Ada,"])
    }

    @Test func oneEngineFailingLeavesTheOthersPage() async throws {
        let reading = FixedEngine(name: "tesseract", lines: [("scan", 0.3, row(0.1))])
        let failing = FixedEngine(name: "ppocr", lines: [], fails: true)
        let page = try await combining(failing, reading).read(bitmap, options: RecognitionOptions())
        #expect(page.engine.name == "tesseract" && page.text == "scan")
        let error = await #expect(throws: OCRError.self) {
            try await combining(failing, FixedEngine(name: "tesseract", lines: [], fails: true)).read(bitmap, options: RecognitionOptions())
        }
        #expect(error?.description == "ppocr is not installed")
    }

    @Test func calibrationInterpolatesBetweenItsPointsAndHoldsBeyondThem() {
        let calibration = ConfidenceCalibration([(0.5, 0.2), (0.9, 0.6), (1, 1)])
        #expect(calibration.probability(0.1) == 0.2)
        #expect(abs(calibration.probability(0.7) - 0.4) < 1e-12)
        #expect(abs(calibration.probability(0.95) - 0.8) < 1e-12)
        #expect(calibration.probability(1) == 1)
        let line = Line(text: "ab c", confidence: 0, box: row(0), quad: row(0).quad, words: [
            Word(text: "ab", confidence: 0.9, box: row(0), quad: row(0).quad),
            Word(text: "c", confidence: 0.5, box: row(0), quad: row(0).quad),
        ])
        #expect(abs(calibration.probability(of: [line]) - (2 * 0.6 + 0.2) / 3) < 1e-12)
        #expect(calibration.probability(of: [Line]()) == 0)
    }
}
