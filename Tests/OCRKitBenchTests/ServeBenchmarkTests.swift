import Foundation
import OCRKitBench
import OCRKitImages
import OCRKitTestSupport
import Testing

/// `ocr serve` measured under load beside `ocr read`, on pages rendered at test time.
@Suite(.heavy(hangGuard: .seconds(180)))
struct ServeBenchmarkTests {
    /// What the documentation's example prints: `print` here is the suite's, which keeps it.
    private let printed = PrintedLines()
    private func print(_ items: Any..., separator: String = " ") { printed.print(items, separator: separator) }

    let folder: TemporaryFolder
    let receipts: [String]

    init() throws {
        let folder = try TemporaryFolder()
        self.folder = folder
        receipts = try ["Milk 2L 1.45", "Bread 2.10", "TOTAL 3.55"].enumerated().map { index, text in
            let path = folder.file("receipt\(index).png")
            try ImageWriter.write(try TextRenderer.render(text, font: "DejaVu Sans Mono 14"), to: path)
            return path
        }
    }

    @Test func measuresTheServiceBesideOcrReadAndTurnsAwayWhatItCannotHold() async throws {
        var benchmark = ServeBenchmark(images: receipts, ocr: BuiltProducts.ocr, jobs: 1, capacity: 5)
        benchmark.recognition = ["--engine", "tesseract"]
        benchmark.overload = 4
        var lines: [String] = []
        try await benchmark.run { lines.append($0) }
        let output = lines.joined(separator: "\n")

        #expect(figure(after: "ocr read --jobs 1, 3 images:", in: output).map { $0 > 0 } == true, "\(output)")
        let busy = try #require(lines.first { $0.hasPrefix("ocr serve --jobs 1, 2 clients:") }, "\(output)")
        #expect(busy.hasSuffix("no errors") && figure(after: "reads/s =", in: busy).map { $0 > 0 } == true, "\(busy)")
        // 20 clients at once against 5 places: most calls are turned away, and every call taken is answered.
        let crowded = try #require(lines.first { $0.hasPrefix("ocr serve, 20 clients (4x the 5 calls it holds):") }, "\(output)")
        #expect(crowded.contains("no errors"), "\(crowded)")
        let turnedAway = try #require(crowded.firstMatch(of: /s, (\d+) calls turned away/).flatMap { Int($0.1) }, "\(crowded)")
        #expect(turnedAway > 0, "\(crowded)")
        #expect(figure(after: "peak memory", in: crowded).map { $0 > 10 && $0 < 2_000 } == true, "\(crowded)")
        #expect(lines.last?.hasPrefix("ocr serve stopped by SIGTERM: exit status 0 after") == true, "\(output)")
    }

    @Test func documentationExample() async throws {
        let ocrExecutable = BuiltProducts.ocr, receipts = receipts
        // Example from Sources/OCRKitBench/ServeBenchmark.swift
        var benchmark = ServeBenchmark(images: receipts, ocr: ocrExecutable, jobs: 2, capacity: 10)
        benchmark.recognition = ["--engine", "tesseract"]
        try await benchmark.run { print($0) }

        #expect(printed.line(startingWith: "ocr serve stopped by SIGTERM: exit status 0") != nil, "\(printed.lines)")
    }
}
