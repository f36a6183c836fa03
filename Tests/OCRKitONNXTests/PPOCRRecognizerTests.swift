import Foundation
import OCRKit
import OCRKitImages
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

private let recognizerModel = InstalledDependencies.ppocrModels + "/ch_PP-OCRv4_rec_infer.onnx"
private let library = InstalledDependencies.onnxRuntimeLibrary

@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct PPOCRRecognizerTests {
    let recognizer: PPOCRRecognizer

    init() throws {
        recognizer = try PPOCRRecognizer(session: ONNXSession(runtime: .shared(libraryPath: library), model: recognizerModel))
    }

    @Test func readsTheDictionaryFromTheModel() {
        // 6,623 characters, plus the blank before them and a space after.
        #expect(recognizer.characters.count == 6625)
        #expect(recognizer.characters.first == "" && recognizer.characters.last == " ")
    }

    @Test func readsRenderedLinesExactly() throws {
        let lines = ["Invoice 2024-117", "TOTAL 42.50 EUR", "The quick brown fox jumps over the lazy dog"]
        let bitmaps = try lines.map { try TextRenderer.render($0, font: "DejaVu Sans 14", margin: 6) }
        for (line, bitmap) in zip(lines, bitmaps) {
            let whole = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)).quad
            let reading = try #require(try recognizer.recognize([whole], in: bitmap).first)
            #expect(reading.text == line)
            #expect(reading.confidence > 0.8)
            #expect(reading.characters.allSatisfy { !$0.alternatives.isEmpty && $0.alternatives[0].text == $0.text })
            #expect(zip(reading.characters, reading.characters.dropFirst()).allSatisfy { $0.span.upperBound <= $1.span.lowerBound + 1e-9 })
        }
    }

    @Test(arguments: [1, 3])
    func readsSeveralLinesOfOneImageInTheirOrder(batchSize: Int) throws {
        // Lines of different lengths, so that batches by aspect ratio reorder them.
        let texts = ["first line here", "second", "and the third, longest line of all", "4th"]
        let parts = try texts.map { try TextRenderer.render($0, font: "DejaVu Sans 14", margin: 6) }
        var y = 0
        var placed: [(bitmap: Bitmap, x: Int, y: Int)] = []
        for part in parts {
            placed.append((part, 0, y))
            y += part.height
        }
        let page = Bitmap.page(width: parts.map(\.width).max()!, height: y, placing: placed)
        let quads = placed.map { Rect(x: 0, y: Double($0.y), width: Double($0.bitmap.width), height: Double($0.bitmap.height)).quad }
        var batched = recognizer
        batched.batchSize = batchSize
        #expect(try batched.recognize(quads, in: page).map(\.text) == texts)
    }
}

@Suite struct ONNXLoadingTests {
    @Test func aMissingLibrarySaysWhatToInstall() {
        #expect { try ONNXRuntime.shared(libraryPath: "/nonexistent/libonnxruntime.so.1") } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.code == .engineUnavailable && error.reason.contains("ocr models install") && !error.reason.contains("scripts/")
        }
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func missingAndCorruptModelsNameTheFile() throws {
        let runtime = try ONNXRuntime.shared(libraryPath: library)
        #expect { try ONNXSession(runtime: runtime, model: "/nonexistent/model.onnx") } throws: {
            ($0 as? OCRError)?.code == .fileNotFound && ($0 as? OCRError)?.path == "/nonexistent/model.onnx"
        }
        let folder = try TemporaryFolder()
        let corrupt = try folder.write((0..<2048).map { UInt8(truncatingIfNeeded: $0 * 7919) }, to: "corrupt.onnx")
        #expect { try ONNXSession(runtime: runtime, model: corrupt) } throws: {
            guard let error = $0 as? OCRError else { return false }
            return error.path == corrupt && [.corrupt, .engineFailure].contains(error.code)
        }
    }
}
