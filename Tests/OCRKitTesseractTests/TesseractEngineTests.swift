import Foundation
import OCRKit
import OCRKitImages
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Stacks gray bitmaps top to bottom on a white page.
func stack(_ parts: [Bitmap]) -> Bitmap {
    let width = parts.map(\.width).max() ?? 0
    var pixels: [UInt8] = []
    for part in parts {
        for row in 0..<part.height {
            pixels += part.pixels[(row * part.width)..<((row + 1) * part.width)]
            pixels += [UInt8](repeating: 255, count: width - part.width)
        }
    }
    return Bitmap(width: width, height: parts.map(\.height).reduce(0, +), layout: .gray, pixels: pixels,
                  image: "stacked", resolution: parts.first?.resolution)
}

@Suite(.heavy) struct TesseractEngineTests {
    let engine: TesseractEngine

    init() throws {
        engine = try TesseractEngine(configuration: TesseractConfiguration(jobs: 2))
    }

    @Test func reportsItsNameAndVersion() {
        #expect(engine.info.name == "tesseract")
        #expect(engine.info.version.first?.isNumber == true)
        #expect(engine.installedLanguages.contains("eng"))
    }

    @Test(arguments: ["DejaVu Sans 11", "DejaVu Serif 12", "DejaVu Sans Mono 10"])
    func readsRenderedTextExactly(font: String) async throws {
        let lines = [
            "Invoice 2024-117 for Ada Lovelace",
            "Total due: 42.50 EUR by 31 March",
            "The quick brown fox jumps over the lazy dog.",
        ]
        let bitmap = try TextRenderer.render(lines.joined(separator: "\n"), font: font)
        let page = try await engine.read(bitmap, options: RecognitionOptions())
        #expect(page.lines.map(\.text) == lines)
        #expect(page.image == bitmap.image)
        #expect(page.width == bitmap.width && page.height == bitmap.height)
    }

    @Test func boxesAreNormalisedAndQuadsArePixels() async throws {
        let bitmap = try TextRenderer.render("Left aligned words\nand a second line", margin: 100)
        let page = try await engine.read(bitmap, options: RecognitionOptions())
        let elements: [any TextElement] = page.lines + page.words + page.words.flatMap(\.symbols)
        #expect(elements.count > 10)
        for element in elements {
            #expect(element.box.isValidNormalizedRegion)
            let pixels = element.box.scaled(width: Double(bitmap.width), height: Double(bitmap.height))
            #expect(abs(pixels.minX - element.quad.boundingRect.minX) < 0.001)
            #expect(abs(pixels.maxY - element.quad.boundingRect.maxY) < 0.001)
            #expect((0...1).contains(element.confidence))
        }
        // The margin is empty: the first line starts below and right of it.
        #expect(page.lines[0].quad.topLeft.x >= 95 && page.lines[0].quad.topLeft.y >= 95)
        #expect(page.lines[1].box.minY > page.lines[0].box.maxY)
    }

    @Test func wordsAndSymbolsCarryAlternatives() async throws {
        let bitmap = try TextRenderer.render("Alternatives for each word")
        let page = try await engine.read(bitmap, options: RecognitionOptions(alternativeCount: 3))
        for word in page.words {
            #expect((1...3).contains(word.alternatives.count))
            #expect(word.alternatives.first?.text == word.text)
            #expect(word.symbols.map(\.text).joined() == word.text)
            for symbol in word.symbols {
                #expect((1...3).contains(symbol.alternatives.count))
                #expect(symbol.alternatives.map(\.confidence) == symbol.alternatives.map(\.confidence).sorted(by: >))
            }
        }
        let plain = try await engine.read(bitmap, options: RecognitionOptions(alternativeCount: 0))
        #expect(plain.words.allSatisfy { $0.alternatives.isEmpty && $0.symbols.allSatisfy(\.alternatives.isEmpty) })
        #expect(plain.text == page.text)
    }

    @Test func regionOfInterestReadsOnlyThatRegion() async throws {
        let bitmap = stack([try TextRenderer.render("HEADER LINE 111"), try TextRenderer.render("footer line 222")])
        let options = RecognitionOptions(regionOfInterest: Rect(x: 0, y: 0.5, width: 1, height: 0.5))
        let page = try await engine.read(bitmap, options: options)
        #expect(page.text == "footer line 222")
        // Boxes stay in the whole image's coordinates.
        #expect(page.lines[0].box.minY > 0.5)
        // As wide as the image and short of its bottom: Tesseract's own rectangle misread this one.
        let top = try await engine.read(bitmap, options: RecognitionOptions(regionOfInterest: Rect(x: 0, y: 0, width: 1, height: 0.5)))
        #expect(top.text == "HEADER LINE 111")
        #expect(top.lines.first.map { $0.box.maxY < 0.5 } == true)
    }

    @Test func minimumTextHeightDropsSmallText() async throws {
        let bitmap = stack([try TextRenderer.render("Quarterly Report", font: "DejaVu Sans 18"),
                            try TextRenderer.render("fine print under the table", font: "DejaVu Sans 7")])
        let all = try await engine.read(bitmap, options: RecognitionOptions())
        #expect(all.lines.map(\.text) == ["Quarterly Report", "fine print under the table"])
        let threshold = (all.lines[0].box.height + all.lines[1].box.height) / 2
        let large = try await engine.read(bitmap, options: RecognitionOptions(minimumTextHeight: threshold))
        #expect(large.text == "Quarterly Report")
    }

    @Test func allowedCharactersRestrictTheReading() async throws {
        let bitmap = try TextRenderer.render("Order 80417 shipped")
        let page = try await engine.read(bitmap, options: RecognitionOptions(allowedCharacters: "0123456789"))
        #expect(page.text.contains("80417"))
        #expect(page.text.allSatisfy { $0.isNumber || $0.isWhitespace })
    }

    @Test func aMissingLanguageListsTheInstalledOnes() async throws {
        let bitmap = try TextRenderer.render("text")
        await #expect {
            try await engine.read(bitmap, options: RecognitionOptions(languages: ["eng", "klingon"]))
        } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.code == .invalidOption && error.reason.contains("klingon") && error.reason.contains("eng")
        }
    }

    @Test func aBlankPageHasNoText() async throws {
        let blank = Bitmap(width: 600, height: 400, layout: .gray, pixels: [UInt8](repeating: 255, count: 240_000),
                           image: "blank")
        let page = try await engine.read(blank, options: RecognitionOptions())
        #expect(page.lines.isEmpty && page.text.isEmpty)
    }

    @Test func singleLineModeReadsALine() async throws {
        let lineEngine = try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: .singleLine))
        let page = try await lineEngine.read(try TextRenderer.render("one line only"), options: RecognitionOptions())
        #expect(page.text == "one line only")
    }

    @Test func concurrentReadsMatchSequentialOnes() async throws {
        let bitmaps = try (0..<6).map { try TextRenderer.render("Parallel page \($0) of six\nwith line \($0 * 7)") }
        var sequential: [String] = []
        for bitmap in bitmaps { sequential.append(try await engine.read(bitmap, options: RecognitionOptions()).text) }
        let engine = self.engine
        let concurrent = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, bitmap) in bitmaps.enumerated() {
                group.addTask { (index, try await engine.read(bitmap, options: RecognitionOptions()).text) }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(bitmaps.indices.map { concurrent[$0] } == sequential)
        #expect(sequential[3] == "Parallel page 3 of six\nwith line 21")
    }
}
