import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitLayout
import OCRKitTesseract

/// Reading order on rendered multi-column pages of known text: a title, two or three columns of
/// two paragraphs each, and a footer, read by Tesseract finding the layout itself (`--psm 3`) and
/// reading sparse text in no particular order (`--psm 11`). It reports the character error rate
/// of each page's text in reading order, in the engine's own order and after OCRKit's layout
/// analysis. The pages are the same on every run.
///
/// ```swift
/// try await LayoutBenchmark(pageCount: 4).run { print($0) }
/// ```
public struct LayoutBenchmark: Sendable {
    /// How many pages to render.
    public var pageCount: Int
    /// A folder to write each page (pageN.png) and its text (pageN.txt) to, when set.
    public var pageFolder: String?

    public init(pageCount: Int = 12, pageFolder: String? = nil) {
        self.pageCount = pageCount
        self.pageFolder = pageFolder
    }

    /// Reads the pages in each mode, handing `report` a line of figures for each.
    public func run(report: (String) -> Void) async throws {
        var generator = TextGenerator(seed: 2026)
        let rendered = try (0..<pageCount).map { try Self.renderPage(number: $0, columns: 2 + $0 % 2, generator: &generator) }
        if let folder = pageFolder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (index, page) in rendered.enumerated() {
                try ImageWriter.write(page.bitmap, to: "\(folder)/page\(index).png")
                try page.truth.write(toFile: "\(folder)/page\(index).txt", atomically: true, encoding: .utf8)
            }
        }
        report("\(pageCount) rendered pages, 2 or 3 columns of 2 paragraphs, with a title and a footer")
        report("engine order                  CER (engine's order)   CER (OCRKit layout)")
        for mode in [PageSegmentationMode.auto, .sparseText] {
            let engine = try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: mode))
            var own = CharacterErrorRate(), arranged = CharacterErrorRate()
            for page in rendered {
                let read = try await engine.read(page.bitmap, options: RecognitionOptions(alternativeCount: 0))
                own.add(reading: read.text, truth: page.truth)
                arranged.add(reading: LayoutAnalyzer().arrange(read).text, truth: page.truth)
            }
            let name = "tesseract --psm \(mode.rawValue)".padding(toLength: 30, withPad: " ", startingAt: 0)
            report(name + String(format: "%20.4f %21.4f", own.rate, arranged.rate))
        }
    }

    /// A page and its text in reading order.
    private static func renderPage(
        number: Int, columns: Int, generator: inout TextGenerator
    ) throws -> (bitmap: Bitmap, truth: String) {
        let columnWidth = 2100 / columns - 80, gutter = 120, margin = 60
        let titleText = generator.sentence(words: 5).dropLast().capitalized
        let title = try TextRenderer.render(titleText, font: "DejaVu Sans Bold 16", margin: 0)
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = [(title, margin, margin)]
        var truth = [titleText]
        let columnsTop = margin + title.height + 80
        var bottom = columnsTop
        for column in 0..<columns {
            var top = columnsTop
            for _ in 0..<2 {
                let paragraph = (0..<3).map { _ in generator.sentence(words: 8) }.joined(separator: " ")
                let rendered = try TextRenderer.render(paragraph, font: "DejaVu Serif 10", margin: 0, wrapWidth: columnWidth)
                parts.append((rendered, margin + column * (columnWidth + gutter), top))
                truth.append(paragraph)
                top += rendered.height + 60
            }
            bottom = max(bottom, top)
        }
        let footerText = "Page \(number + 1)"
        let footer = try TextRenderer.render(footerText, font: "DejaVu Sans 9", margin: 0)
        parts.append((footer, margin, bottom + 40))
        truth.append(footerText)
        let width = 2 * margin + columns * columnWidth + (columns - 1) * gutter
        let page = Bitmap.page(width: width, height: bottom + 40 + footer.height + margin, placing: parts)
        return (page, truth.joined(separator: "\n\n"))
    }
}
