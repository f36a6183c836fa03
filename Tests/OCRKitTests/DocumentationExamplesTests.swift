import Foundation
import Testing

/// Every usage example in the doc comments of Sources is kept as a test that runs it: a test
/// marks it with `// Example from Sources/...swift`, and the example's lines follow the mark in
/// order (the test may add lines between them: the inputs the example takes, the work it waits
/// for). An example edited without its test, or added without one, fails here.
struct DocumentationExamplesTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Files whose examples have no test yet: this list only shrinks.
    private static let awaitingTests: Set<String> = [
        "Sources/OCRKit/Concurrency/BlockingWorkerPool.swift", "Sources/OCRKit/Concurrency/ExitSafeRelease.swift",
        "Sources/OCRKit/Engine/FallbackEngine.swift", "Sources/OCRKit/Engine/OCREngine.swift",
        "Sources/OCRKit/Engine/PageReader.swift", "Sources/OCRKit/Engine/RecognitionOptions.swift",
        "Sources/OCRKit/Files/ImageFiles.swift", "Sources/OCRKit/Geometry/Quad.swift",
        "Sources/OCRKit/Geometry/Rect+Duplicates.swift", "Sources/OCRKit/Geometry/Rect.swift",
        "Sources/OCRKit/Model/Bitmap+Crop.swift", "Sources/OCRKit/Model/Bitmap+Turning.swift",
        "Sources/OCRKit/Model/Page+Review.swift", "Sources/OCRKit/Model/Page.swift",
        "Sources/OCRKit/Model/Straightening.swift", "Sources/OCRKit/Model/Word.swift", "Sources/OCRKit/OCRError.swift",
        "Sources/OCRKitBench/LayoutBenchmark.swift", "Sources/OCRKitBench/LiveBenchmark.swift",
        "Sources/OCRKitBench/QueueBenchmark.swift", "Sources/OCRKitBench/ReadBenchmark.swift",
        "Sources/OCRKitBench/StraighteningBenchmark.swift", "Sources/OCRKitStraighten/PageStraightener.swift",
        "Sources/OCRKitStraighten/PageDetector.swift", "Sources/OCRKitEngines/EngineChoice.swift",
        "Sources/OCRKitEngines/EngineSettings.swift", "Sources/OCRKitEngines/PageReader+Settings.swift",
        "Sources/OCRKitEvaluation/CameraSimulation.swift", "Sources/OCRKitEvaluation/CharacterErrorRate.swift",
        "Sources/OCRKitEvaluation/DocumentPhotoSimulation.swift", "Sources/OCRKitEvaluation/LiveScore.swift",
        "Sources/OCRKitEvaluation/Manifest.swift", "Sources/OCRKitEvaluation/PlateBoxes.swift",
        "Sources/OCRKitEvaluation/PlateScore.swift", "Sources/OCRKitEvaluation/WordScore.swift",
        "Sources/OCRKitExport/DocumentWriter.swift", "Sources/OCRKitImages/Bitmap+Compose.swift",
        "Sources/OCRKitImages/ImageLoader.swift", "Sources/OCRKitImages/ImageLoadingOptions.swift",
        "Sources/OCRKitImages/ImageWriter.swift", "Sources/OCRKitImages/TextRenderer.swift",
        "Sources/OCRKitLayout/LayoutAnalyzer.swift", "Sources/OCRKitLive/Frame.swift",
        "Sources/OCRKitLive/FrameSources/FrameSource.swift", "Sources/OCRKitLive/FrameSources/ImageFrames.swift",
        "Sources/OCRKitLive/FrameSources/VideoFrames.swift", "Sources/OCRKitLive/LiveScanner+Configuration.swift",
        "Sources/OCRKitLive/LiveScanner.swift", "Sources/OCRKitLive/TextPattern.swift",
        "Sources/OCRKitONNX/NDLOCRCascade.swift", "Sources/OCRKitONNX/NDLOCRConfiguration.swift",
        "Sources/OCRKitONNX/NDLOCREngine.swift", "Sources/OCRKitONNX/NDLOCRLayoutDetector.swift",
        "Sources/OCRKitONNX/NDLOCRRecognizer.swift", "Sources/OCRKitONNX/ONNXRuntime.swift",
        "Sources/OCRKitONNX/ONNXSession.swift", "Sources/OCRKitONNX/PPOCREngine.swift",
        "Sources/OCRKitONNX/PPOCROrientationClassifier.swift", "Sources/OCRKitONNX/PPOCRRecognizer.swift",
        "Sources/OCRKitPDF/SearchablePDF+Pages.swift", "Sources/OCRKitPDF/SearchablePDF.swift",
        "Sources/OCRKitTesseract/TesseractEngine.swift", "Sources/OCRKitTesseract/TesseractOrientationDetector.swift",
        "Sources/ocr/ProgressBar.swift",
    ]

    @Test func everyExampleIsATest() throws {
        let examples = try Self.swiftFiles(in: "Sources").flatMap { file in
            try Self.examples(in: file).map { (file: file, lines: $0) }
        }
        let tests = try Self.swiftFiles(in: "Tests").map { try Self.lines(of: $0) }
        #expect(examples.count > 60, "found only \(examples.count) examples")
        for example in examples where !Self.awaitingTests.contains(example.file) {
            let mark = "// Example from \(example.file)"
            let kept = tests.contains { lines in
                lines.indices.contains { lines[$0] == mark && Self.follows(example.lines, in: lines[($0 + 1)...]) }
            }
            #expect(kept, "\(example.file): no test runs this example as written:\n\(example.lines.joined(separator: "\n"))")
        }
        for file in Self.awaitingTests {
            let tested = tests.contains { $0.contains("// Example from \(file)") }
            #expect(!tested, "\(file) has its test now: take it off the list")
        }
    }

    /// Whether `example`'s lines come in order in `lines`, others allowed between them.
    private static func follows(_ example: [String], in lines: ArraySlice<String>) -> Bool {
        var remaining = example[...]
        for line in lines where line == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }

    /// The Swift code blocks of a file's doc comments, trimmed lines, blank ones left out.
    private static func examples(in file: String) throws -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in try lines(of: file) {
            guard line.hasPrefix("///") else { continue }
            let text = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            if current == nil, text == "```swift" {
                current = []
            } else if current != nil, text == "```" {
                blocks.append(current!)
                current = nil
            } else if !text.isEmpty {
                current?.append(text)
            }
        }
        return blocks
    }

    private static func lines(of file: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Paths relative to the package, of the Swift files under `folder`.
    private static func swiftFiles(in folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: base.path)
        return paths.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }
}
