import Foundation
import OCRKitBench
import OCRKitEvaluation
import OCRKitTestSupport
import Testing

private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.print(items, separator: separator) }

/// The examples of `ocr bench convert`'s parts: Markdown read as blocks, conversion scored,
/// Chromium printing, and the bench itself on two of its documents.
@Suite struct ConversionBenchmarkExamples {
    @Test func markdownBlocks() {
        // Example from Sources/OCRKitEvaluation/MarkdownBlocks.swift
        let blocks = MarkdownBlock.blocks(ofMarkdown: "# Title\n\nOne *short* paragraph.\n")
        // [heading(level: 1) "Title", paragraph "One short paragraph."]

        #expect(blocks == [MarkdownBlock(kind: .heading(level: 1), text: "Title"), MarkdownBlock(kind: .paragraph, text: "One short paragraph.")])
    }

    @Test func conversionScore() throws {
        let source = try String(contentsOfFile: "docs/conversion.md", encoding: .utf8)
        // Every line its own paragraph, as a text layer printed as it is gives it, a word broken
        // at a line's end left broken.
        let convertedMarkdown = source.split(separator: "\n").joined(separator: "\n\n")
            .replacingOccurrences(of: "incorporating", with: "incorpo- rating")
        // Example from Sources/OCRKitEvaluation/ConversionScore.swift
        var score = ConversionScore()
        score.add(read: convertedMarkdown, truth: MarkdownBlock.blocks(ofMarkdown: source), brokenWords: ["incorporating"])
        print(score.textEditDistance, score.headingsF1, score.paragraphsWhole)

        #expect(score.headingsF1 == 1 && score.paragraphsWhole < 0.8 && score.hyphensRejoined == 0)
    }

    @Test(.enabled(if: Chromium.isInstalled, Chromium.missingReason))
    func chromium() async throws {
        let folder = try TemporaryFolder()
        let htmlPath = try folder.write(Array("<p>Printed by a browser.</p>".utf8), to: "page.html")
        let pdfPath = folder.file("page.pdf"), profileFolder = folder.file("profile")
        // Example from Sources/OCRKitProcesses/Chromium.swift
        try await Chromium.print(htmlFile: htmlPath, to: pdfPath, profile: profileFolder)

        #expect(try Tool.output("pdftotext", [pdfPath, "-"]).contains("Printed by a browser."))
    }

    @Test(.enabled(if: Chromium.isInstalled && FileManager.default.fileExists(atPath: ".deps/convert/documents/manifest.tsv"),
                   "needs Debian's chromium and the bench's documents: scripts/setup and scripts/setup-test-tools install them"),
          .heavy)
    func convertBenchmark() async throws {
        let ocrPath = BuiltProducts.ocr
        // Example from Sources/OCRKitBench/ConvertBenchmark.swift
        let documents = try ConvertBenchmark.documents(manifest: ".deps/convert/documents/manifest.tsv")
        var benchmark = ConvertBenchmark(ocr: ocrPath, documents: Array(documents.prefix(2)))
        benchmark.measuresScans = false   // born-digital PDFs only
        benchmark.measuresPeer = false    // ocr alone, without pymupdf4llm
        try await benchmark.run { print($0) }

        // ocr's rows, one and two columns (figures after the 34 characters of its name): the text read, the headings found.
        let rows = printed.lines.filter { $0.hasPrefix("ocr, born-digital") }
        #expect(rows.count == 2, "\(printed.lines)")
        for row in rows {
            let figures = row.dropFirst(34).split(separator: " ").compactMap { Double($0) }
            #expect(figures.count >= 8 && figures[0] < 0.1 && figures[1] > 0.8, "\(row)")
        }
    }
}
