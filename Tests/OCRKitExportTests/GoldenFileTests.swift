import Foundation
import OCRKit
import OCRKitExport
import Testing

/// Every textual output format, written from one stored page and compared byte for byte with
/// the files in Golden/: a change to what OCRKit writes shows here as a diff to review.
///
/// The page, `Golden/notice.page.json`, is what `ocr read --engine tesseract --format json --order
/// layout Samples/notice.webp` printed. When a change to the output is meant, write the files
/// again and review them with `git diff`:
///
///     OCRKIT_UPDATE_GOLDEN=1 swift test --filter GoldenFileTests
@Suite struct GoldenFileTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    private static let updating = ProcessInfo.processInfo.environment["OCRKIT_UPDATE_GOLDEN"] == "1"

    private static func page() throws -> Page {
        try JSONDecoder().decode(Page.self, from: Data(contentsOf: folder.appendingPathComponent("notice.page.json")))
    }

    /// JSON is the stored page itself (below).
    @Test(arguments: [OutputFormat.text, .jsonl, .hocr, .alto, .markdown, .html])
    func writesAsTheGoldenFileSays(format: OutputFormat) throws {
        let written = try TextDocument.of([try Self.page()], format: format)
        let file = Self.folder.appendingPathComponent("notice.\(format.fileExtension)")
        if Self.updating {
            try written.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("wrote \(file.lastPathComponent); run the tests again without OCRKIT_UPDATE_GOLDEN")
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(written == golden, "\(file.lastPathComponent) differs from what is written now, first at line \(Self.firstDifference(written, golden)): OCRKIT_UPDATE_GOLDEN=1 writes it again")
    }

    /// The stored page reads back as it was written: decoding and encoding again gives its bytes.
    @Test func thePageReadsBackAsStored() throws {
        let stored = try String(contentsOf: Self.folder.appendingPathComponent("notice.page.json"), encoding: .utf8)
        #expect(try TextDocument.of([try Self.page()], format: .json) == stored)
    }

    private static func firstDifference(_ one: String, _ other: String) -> Int {
        let lines = one.split(separator: "\n", omittingEmptySubsequences: false), others = other.split(separator: "\n", omittingEmptySubsequences: false)
        return (Array(zip(lines, others)).firstIndex { $0 != $1 } ?? min(lines.count, others.count)) + 1
    }
}
