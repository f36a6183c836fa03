import Foundation
import OCRKit
import OCRKitBench
import OCRKitImages
import OCRKitTestSupport
import Testing

/// `ocr read` against the tesseract command on rendered lines of known text.
@Suite(.heavy)
struct ReadBenchmarkTests {
    private static let truths = ["Invoice 2024-117 due in thirty days", "Total amount payable 42.00 EUR"]

    @Test func ourRowAndThePeersAreScoredAgainstTheTruth() async throws {
        let folder = try TemporaryFolder()
        var manifest = ""
        for (index, truth) in Self.truths.enumerated() {
            let path = folder.file("line\(index).png")
            try ImageWriter.write(try TextRenderer.render(truth, font: "DejaVu Serif 12"), to: path)
            manifest += "line\(index).png\t\(truth)\n"
        }
        var benchmark = ReadBenchmark(manifest: try folder.write(Array(manifest.utf8), to: "manifest.tsv"), ocr: BuiltProducts.ocr)
        benchmark.contenders = [ReadBenchmark.Contender(.tesseract)]
        benchmark.jobs = 2
        var lines: [String] = []
        try await benchmark.run { lines.append($0) }
        let output = lines.joined(separator: "\n")

        #expect(lines.first?.hasPrefix("\((folder.path as NSString).lastPathComponent): 2 images, 2 jobs") == true, "\(output)")
        for contender in ["ocr tesseract", "tesseract naive", "tesseract best (2 procs)"] {
            let row = try #require(lines.first { $0.hasPrefix(contender) }, "\(output)")
            let figures = row.dropFirst(27).split(separator: " ").compactMap { Double($0) }
            #expect(figures.count == 5, "\(row)")
            #expect(figures[1] < 0.05, "CER of \(row)")
            #expect(figures[2] > 0.9, "word F1 of \(row)")
            #expect(figures[3] > 0, "peak memory of \(row)")
            #expect(figures[4] == 0, "failures of \(row)")
        }
        #expect(figure(after: "ocr tesseract vs tesseract best (2 procs):", in: output) != nil, "\(output)")
    }

    @Test func aManifestWithoutImagesIsNamedInTheError() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array("".utf8), to: "manifest.tsv")
        let error = await #expect(throws: OCRError.self) {
            try await ReadBenchmark(manifest: path, ocr: BuiltProducts.ocr).run { _ in }
        }
        #expect(error?.description == "\(path): lists no images")
    }
}
