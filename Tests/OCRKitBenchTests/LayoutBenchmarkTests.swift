import Foundation
import OCRKitBench
import OCRKitTestSupport
import Testing

@Suite(.onThreadsOfTheirOwn, .heavy)
struct LayoutBenchmarkTests {
    /// Sparse text comes in no particular order: OCRKit's layout analysis must put it in order.
    @Test func layoutAnalysisOrdersSparseText() async throws {
        let folder = try TemporaryFolder()
        var lines: [String] = []
        try await LayoutBenchmark(pageCount: 2, pageFolder: folder.path).run { lines.append($0) }
        let output = lines.joined(separator: "\n")
        #expect(lines.first == "2 rendered pages, 2 or 3 columns of 2 paragraphs, with a title and a footer")
        let rates = try ["tesseract --psm 3", "tesseract --psm 11"].map { mode in
            let row = try #require(lines.first { $0.hasPrefix(mode + " ") }, "\(output)")
            return row.split(separator: " ").suffix(2).compactMap { Double($0) }
        }
        #expect(rates.allSatisfy { $0.count == 2 }, "\(output)")
        #expect(rates[0][1] < 0.05, "\(output)")
        #expect(rates[1][1] < rates[1][0], "\(output)")
        for file in ["page0.png", "page0.txt", "page1.png", "page1.txt"] {
            #expect(FileManager.default.fileExists(atPath: folder.file(file)), "\(file)")
        }
        let truth = try String(contentsOfFile: folder.file("page1.txt"), encoding: .utf8)
        #expect(truth.hasSuffix("Page 2"))
    }
}
