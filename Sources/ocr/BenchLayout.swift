import ArgumentParser
import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitLayout
import OCRKitTesseract

struct BenchLayout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Measure reading order on rendered multi-column pages of known text.",
        discussion: """
            Renders --pages pages of a title, two or three columns of two paragraphs each, and a \
            footer, reads them with Tesseract finding the layout itself (--psm 3) and reading \
            sparse text in no particular order (--psm 11), and prints the character error rate \
            of each page's text in reading order, in the engine's own order and after OCRKit's \
            layout analysis. The pages are the same on every run.
            """
    )

    @Option(help: "How many pages to render.")
    var pages = 12

    @Option(help: ArgumentHelp("Also write each page (pageN.png) and its text (pageN.txt) to this folder.",
                               valueName: "folder"))
    var savePages: String?

    func run() async throws {
        var generator = TextGenerator(seed: 2026)
        let rendered = try (0..<pages).map { try Self.renderPage(number: $0, columns: 2 + $0 % 2, generator: &generator) }
        if let folder = savePages {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (index, page) in rendered.enumerated() {
                try ImageWriter.write(page.bitmap, to: "\(folder)/page\(index).png")
                try page.truth.write(toFile: "\(folder)/page\(index).txt", atomically: true, encoding: .utf8)
            }
        }
        print("\(pages) rendered pages, 2 or 3 columns of 2 paragraphs, with a title and a footer")
        print("engine order                  CER (engine's order)   CER (OCRKit layout)")
        for mode in [PageSegmentationMode.auto, .sparseText] {
            let engine = try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: mode))
            var own = CharacterErrorRate(), arranged = CharacterErrorRate()
            for page in rendered {
                let read = try await engine.recognize(page.bitmap, options: RecognitionOptions(alternativeCount: 0))
                own.add(reading: read.text, truth: page.truth)
                arranged.add(reading: LayoutAnalyzer().arrange(read).text, truth: page.truth)
            }
            let name = "tesseract --psm \(mode.rawValue)".padding(toLength: 30, withPad: " ", startingAt: 0)
            print(name + String(format: "%20.4f %21.4f", own.rate, arranged.rate))
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

/// Plausible English sentences from a fixed vocabulary, the same for the same seed.
private struct TextGenerator {
    private static let words = """
        the a of and to in is that for it as was with be by on not he this are or his from at which but have an \
        they you were her she there been one all we their has would when if so no will more other its into time \
        only could new them may these some any two then do first now such like our over also did just most made \
        after where years way through well much before must back good because each people those little very long \
        many great old after same another last never under might while house world still country school number \
        small part place case week company system program question government night point home water room mother \
        area money story fact month lot right study book eye job word business issue side kind head service friend
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func sentence(words count: Int) -> String {
        let words = (0..<count).map { _ in Self.words[next(Self.words.count)] }
        return words.joined(separator: " ").prefix(1).uppercased() + words.joined(separator: " ").dropFirst() + "."
    }
}
