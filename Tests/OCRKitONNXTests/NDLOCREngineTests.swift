import Foundation
import OCRKit
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

private let library = InstalledDependencies.onnxRuntimeLibrary
private let ready = NDLOCRStandInModels.canBeMade
private typealias StandInModels = NDLOCRStandInModels

extension NDLOCRStandInModels {
    func engine() throws -> NDLOCREngine {
        try NDLOCREngine(configuration: NDLOCREngine.Configuration(models: folder.path, libraryPath: library, jobs: 1))
    }
}

/// A page of mid grey with rectangles filled: value 0 black, 255 white.
private func page(width: Int, height: Int, fills: [(x: Int, y: Int, width: Int, height: Int, value: UInt8)]) -> Bitmap {
    var pixels = [UInt8](repeating: 128, count: width * height)
    for fill in fills {
        for row in fill.y..<(fill.y + fill.height) {
            for column in fill.x..<(fill.x + fill.width) { pixels[row * width + column] = fill.value }
        }
    }
    return Bitmap(width: width, height: height, layout: .gray, pixels: pixels, image: "page.png")
}

@Suite(.enabled(if: ready, "needs ONNX Runtime and the onnx Python package in .deps/, which scripts/setup installs"), .onThreadsOfTheirOwn, .heavy)
struct NDLOCREngineTests {
    /// A 1000 x 500 page: the detector's square input is 1000 x 1000 pixels of it, so a box's
    /// fractions are its pixels / 1000.
    @Test func readsEachLineThroughTheCascade() async throws {
        let models = try StandInModels(detections: [
            // Short: two fifths dark, a fifth white. Stays with the narrowest model.
            (StandInModels.line, [0.05, 0.05, 0.45, 0.09], 0.9, 3),
            // The same line found again, less surely: dropped.
            (StandInModels.line, [0.06, 0.05, 0.45, 0.09], 0.5, 3),
            // Called short, but dark for 90% of its length: too long for the first two models.
            (StandInModels.line, [0.05, 0.15, 0.85, 0.19], 0.9, 3),
            // Dark all along: fills the widest model, so it is read in halves.
            (StandInModels.line, [0.05, 0.25, 0.85, 0.29], 0.9, 1),
            // Running down the page: dark at its top, then white.
            (StandInModels.line, [0.90, 0.05, 0.94, 0.45], 0.9, 2),
            // Unsure, and a block rather than a line: neither is read.
            (StandInModels.line, [0.05, 0.35, 0.45, 0.39], 0.1, 3),
            (StandInModels.block, [0.0, 0.0, 1.0, 0.5], 0.9, 1),
        ])
        let bitmap = page(width: 1000, height: 500, fills: [
            (50, 50, 160, 40, 0), (210, 50, 80, 40, 255),
            (50, 150, 720, 40, 0),
            (50, 250, 800, 40, 0),
            (900, 50, 40, 120, 0), (900, 170, 40, 120, 255),
            (50, 350, 400, 40, 0),
        ])
        let page = try await models.engine().read(bitmap, options: RecognitionOptions(languages: ["jpn"], alternativeCount: 3))
        #expect(page.engine.name == "ndlocr")
        try #require(page.lines.count == 4)
        let (short, vertical, long, split) = (page.lines[0], page.lines[1], page.lines[2], page.lines[3])

        // 31 steps over the short line: 0.4 of them dark, 0.2 white.
        #expect(short.text.wholeMatch(of: /#{12,13}={6,7}/) != nil, "\(short.text)")
        #expect(abs(short.box.minX - 0.05) < 0.001 && abs(short.box.minY - 0.1) < 0.001 && abs(short.box.width - 0.4) < 0.001)
        // Read downwards, dark first: turned the other way it would read nothing.
        #expect(vertical.text.wholeMatch(of: /#{14,16}={14,16}/) != nil, "\(vertical.text)")
        #expect(vertical.quad.topLeft == Point(x: 940, y: 50) && vertical.quad.topRight == Point(x: 940, y: 450))
        // 90% of 101 steps: the widest model's reading, after the 30 and 50 character models filled up.
        #expect((89...92).contains(long.text.count) && long.text.allSatisfy { $0 == "#" }, "\(long.text.count)")
        // Both halves fill the widest model: 2 x 101.
        #expect(split.text.count == 202)

        for line in page.lines {
            for symbol in line.words.flatMap(\.symbols) {
                #expect(symbol.confidence > 0.99)
                #expect(symbol.alternatives.count == 3 && symbol.alternatives[0].text == symbol.text)
            }
        }
    }

    @Test func cascadeStagesFollowTheLengthClass() {
        #expect(NDLOCRCascade.firstStage(lengthClass: 3) == 0)
        #expect(NDLOCRCascade.firstStage(lengthClass: 2) == 1)
        #expect(NDLOCRCascade.firstStage(lengthClass: 1) == 2)
        #expect(NDLOCRCascade.firstStage(lengthClass: 0) == 2)
    }

    @Test func columnsReadFromTheRight() {
        func column(_ x: Double, _ y: Double) -> NDLOCRLayoutDetector.Detection {
            .init(box: Rect(x: x, y: y, width: 20, height: 200), classIndex: 1, score: 0.9, lengthClass: 3)
        }
        let ordered = NDLOCREngine.readingOrder([column(100, 0), column(300, 0), column(200, 0), column(300, 250)])
        #expect(ordered.map(\.box.minX) == [300, 300, 200, 100])
        #expect(ordered.map(\.box.minY) == [0, 250, 0, 0])
    }

    @Test func missingFilesAreNamed() throws {
        let models = try StandInModels(detections: [(StandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)])
        #expect { try NDLOCREngine(configuration: .init(models: "/nonexistent/ndlocr")) } throws: {
            ($0 as? OCRError)?.code == .fileNotFound && ($0 as? OCRError)?.path == "/nonexistent/ndlocr"
        }
        try FileManager.default.removeItem(atPath: models.folder.file("parseq-test-16x384.onnx"))
        #expect { try models.engine() } throws: {
            ($0 as? OCRError)?.reason.contains("three line models") ?? false
        }
        let charsetless = try StandInModels(detections: [(StandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)])
        try FileManager.default.removeItem(atPath: charsetless.folder.file("NDLmoji.yaml"))
        #expect { try charsetless.engine() } throws: {
            ($0 as? OCRError)?.code == .fileNotFound && ($0 as? OCRError)?.path?.hasSuffix("NDLmoji.yaml") == true
        }
    }

    @Test func aCorruptModelIsNamedWhenFirstUsed() async throws {
        let models = try StandInModels(detections: [(StandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)])
        let detector = try models.folder.write(Array("not a model".utf8), to: "deim-test.onnx")
        let engine = try models.engine()
        await #expect { try await engine.read(page(width: 100, height: 100, fills: []), options: RecognitionOptions(languages: ["jpn"])) } throws: {
            ($0 as? OCRError)?.path == detector
        }
    }

    @Test func refusesWhatItCannotDo() async throws {
        let models = try StandInModels(detections: [(StandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)])
        let engine = try models.engine()
        #expect(throws: OCRError.self) { try engine.validate(RecognitionOptions(languages: ["rus"])) }
        #expect(throws: OCRError.self) { try engine.validate(RecognitionOptions(languages: ["jpn"], allowedCharacters: "0123")) }
    }
}

@Suite struct NDLOCRDecodingTests {
    private let charset = NDLOCRCharset(characters: ["a", "b", "c"])

    @Test func readsUntilTheEndAndScoresFromLogits() {
        // Logits: a, then c, then the end, then b (after the end, so not read).
        let logits: [Float] = [0, 9, 1, 1, /**/ 0, 1, 1, 9, /**/ 9, 0, 0, 0, /**/ 0, 0, 9, 0]
        let reading = NDLOCRRecognizer.decode(logits, steps: 4, classes: 4, charset: charset, alternativeCount: 2)
        #expect(reading.text == "ac" && reading.capacity == 3)
        #expect(reading.characters[0].confidence > 0.99)
        #expect(reading.characters[0].alternatives.map(\.text) == ["a", "b"])
        #expect(reading.characters[0].span == 0...0.5 && reading.characters[1].span == 0.5...1)
    }

    @Test func doubtfulCharactersAreFlaggedWithTheirAlternatives() {
        // Probabilities already: at the second step "b" leads with 0.4.
        let probabilities: [Float] = [0, 0.9, 0.05, 0.05, /**/ 0.1, 0.2, 0.4, 0.3]
        let reading = NDLOCRRecognizer.decode(probabilities, steps: 2, classes: 4, charset: charset, alternativeCount: 3)
        #expect(reading.text == "ab")
        #expect(reading.characters[1].confidence == Double(Float(0.4)))
        #expect(reading.characters[1].alternatives.map(\.text) == ["b", "c", "a"])
        let line = Line(reading: reading.characters, confidence: 0.65, along: Rect(x: 0, y: 0, width: 100, height: 20).quad,
                        imageWidth: 100, imageHeight: 20, alternativeCount: 3)
        let page = Page(image: "x", width: 100, height: 20, engine: EngineInfo(name: "ndlocr", version: "test"), lines: [line])
            .flaggingDoubtfulText()
        let symbols = page.lines[0].words[0].symbols
        #expect(symbols.map(\.isFlagged) == [false, true])
        #expect(page.textMarkingFlaggedWords.contains("[[ab|"))
    }
}

@Suite(.enabled(if: ready, "needs ONNX Runtime and the onnx Python package in .deps/, which scripts/setup installs"), .onThreadsOfTheirOwn, .heavy)
struct NDLOCRCascadeTests {
    @Test func escalatesAndSplitsAsItsReadingsFill() throws {
        let models = try StandInModels(detections: [(StandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)])
        let runtime = try ONNXRuntime.shared(libraryPath: library)
        let charset = NDLOCRCharset(characters: ["#", "="] + "abcdefghij".map(String.init))
        let cascade = try NDLOCRCascade(recognizers: [768, 256, 384].map { width in
            try NDLOCRRecognizer(session: ONNXSession(runtime: runtime, model: models.folder.file("parseq-test-16x\(width).onnx")),
                                 charset: charset)
        })
        #expect(cascade.stages.map(\.inputWidth) == [256, 384, 768])
        // Four lines 40 px high: dark for a tenth, half, nine tenths and all of their 800 px.
        let bitmap = page(width: 800, height: 160, fills: [(0, 0, 80, 40, 0), (0, 40, 400, 40, 0), (0, 80, 720, 40, 0), (0, 120, 800, 40, 0)])
        func read(_ row: Int) throws -> NDLOCRCascade.Reading {
            try cascade.read(Rect(x: 0, y: Double(row * 40), width: 800, height: 40).quad, lengthClass: 3, in: bitmap)
        }
        #expect(try read(0).stage == 0)
        // Half of the 30-character model's 31 steps: under 25, so it stays.
        #expect(try read(1).stage == 0)
        let long = try read(2)
        #expect(long.stage == 2 && !long.isSplit)
        let full = try read(3)
        #expect(full.stage == 2 && full.isSplit && full.text.count == 202)
        #expect(full.characters[101].span.lowerBound == 0.5)
    }
}
