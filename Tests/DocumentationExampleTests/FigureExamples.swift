import Foundation
import OCRKit
import OCRKitConversion
import OCRKitDocuments
import OCRKitExport
import OCRKitImages
import OCRKitPDF
import OCRKitTestSupport
import Testing

/// The examples of figures: a page image made here (white, a blue chart's bar on it) whose
/// region the layout model would call a figure, cut out as a file of its own and linked from the
/// document's Markdown.
struct FigureExamples {
    /// A 400 x 300 white page with a blue rectangle at (100, 60), 200 x 150, and the page read:
    /// its one region that figure.
    private static func page(in folder: TemporaryFolder) throws -> Page {
        var pixels = [UInt8](repeating: 255, count: 400 * 300 * 3)
        for y in 60..<210 {
            for x in 100..<300 { pixels.replaceSubrange((y * 400 + x) * 3..<(y * 400 + x) * 3 + 3, with: [40, 80, 200]) }
        }
        let path = folder.file("report.png")
        try ImageWriter.write(Bitmap(width: 400, height: 300, layout: .rgb, pixels: pixels, image: path), to: path)
        var page = Page(image: path, width: 400, height: 300, engine: EngineInfo(name: "test", version: "1"), layout: [])
        page.regions = [Region(kind: .figure, box: Rect(x: 0.25, y: 0.2, width: 0.5, height: 0.5), blocks: 0..<0, confidence: 0.9)]
        page.source = .file(path)
        return page
    }

    @Test func figuresWrittenAndLinked() async throws {
        let folder = try TemporaryFolder()
        let page = try Self.page(in: folder)
        var converter = DocumentConverter()
        let parts = converter.add(page) + converter.finish()

        // Example from Sources/OCRKit/Model/Figure.swift
        for part in parts {
            if let figure = part.figure { print(figure.fileName) }   // "report-p3-f1.png"
        }
        #expect(parts.compactMap(\.figure?.fileName) == ["report-p1-f1.png"])

        let figures = folder.file("figures")
        var files: [String] = []
        do {
            let folder = figures
            // Example from Sources/OCRKitDocuments/FigureFiles.swift
            let written = try await FigureFiles(folder: folder).write(page, decoder: DocumentLoader())   // [".../report-p1-f1.png"]
            files = written
        }
        #expect(files == [figures + "/report-p1-f1.png"])
        let picture = try await ImageLoader().decode(contentsOf: files[0])
        #expect(picture.width == 200 && picture.height == 150)
        #expect(picture.pixels.prefix(3) == [40, 80, 200] && picture.pixels.suffix(3) == [40, 80, 200], "the bar, and only it")

        // The document in the folder above the figures links them from there.
        var output = DocumentOutput(format: .markdown, to: .file(folder.file("report.md")), decoder: ImageLoader())
        output.figuresFolder = figures
        try await output.write(.read(page))
        try await output.finish()
        #expect(try String(contentsOfFile: folder.file("report.md"), encoding: .utf8) == "![](figures/report-p1-f1.png)\n")
    }
}
