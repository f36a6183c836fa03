import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Synchronization
import Testing

/// `auto`'s line-by-line combination on a rendered page where PP-OCR and Tesseract each fail on
/// lines of their own: each engine is real, and reads the page with its own lines spoiled.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason), .heavy)
struct LineCombiningTests {
    static let lines = ["Invoice 2024-117 paid in full", "Delivery to 14 Harbour Road", "Total amount payable 42.00 EUR",
                        "Thank you for shopping with us"]
    static let lineTop = 60, lineSpacing = 160

    /// A real engine that reads the page with some of its lines erased or drowned in noise.
    struct Spoiling: OCREngine {
        var engine: any OCREngine
        var erased: [Int] = []
        var drowned: [Int] = []

        var info: EngineInfo { engine.info }

        func checkSupport(of options: RecognitionOptions) throws { try engine.checkSupport(of: options) }

        func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
            var pixels = bitmap.pixels
            for index in LineCombiningTests.lines.indices where erased.contains(index) || drowned.contains(index) {
                let top = LineCombiningTests.lineTop + index * LineCombiningTests.lineSpacing - 20
                for offset in top * bitmap.width..<(top + 120) * bitmap.width {
                    // Knuth's multiplicative hash of the offset: the same noise on every run.
                    let hash = UInt32(truncatingIfNeeded: offset &* 2_654_435_761)
                    if erased.contains(index) {
                        pixels[offset] = 255
                    } else if hash >> 24 < 115 {
                        pixels[offset] = hash & 0x10000 == 0 ? 0 : 255
                    }
                }
            }
            let spoiled = Bitmap(width: bitmap.width, height: bitmap.height, layout: bitmap.layout, pixels: pixels,
                                 image: bitmap.image, resolution: bitmap.resolution)
            return try await engine.recognize(spoiled, options: options)
        }
    }

    /// A real engine that reads the page as it is but doubts some of its lines: their words'
    /// confidence a third of what it was.
    struct Doubting: OCREngine {
        var engine: any OCREngine
        var doubted: [Int]

        var info: EngineInfo { engine.info }

        func checkSupport(of options: RecognitionOptions) throws { try engine.checkSupport(of: options) }

        func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
            var index = 0
            return try await engine.recognize(bitmap, options: options).compactMapLines { line in
                defer { index += 1 }
                guard doubted.contains(index) else { return line }
                var doubtful = line
                doubtful.confidence /= 3
                doubtful.words = line.words.map { word in
                    var word = word
                    word.confidence /= 3
                    return word
                }
                return doubtful
            }
        }
    }

    /// A real recogniser that counts the pages it reads whole and records the lines it reads alone.
    final class Counting: LineRecognizer {
        let engine: any LineRecognizer
        let pagesRead = Mutex(0)
        let linesRead = Mutex<[Quad]>([])

        init(_ engine: any LineRecognizer) { self.engine = engine }

        var info: EngineInfo { engine.info }

        func checkSupport(of options: RecognitionOptions) throws { try engine.checkSupport(of: options) }

        func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
            pagesRead.withLock { $0 += 1 }
            return try await engine.recognize(bitmap, options: options)
        }

        func recognizeLines(along quads: [Quad], in bitmap: Bitmap, options: RecognitionOptions) async throws -> [Line?] {
            linesRead.withLock { $0 += quads }
            return try await engine.recognizeLines(along: quads, in: bitmap, options: options)
        }
    }

    static func page() throws -> Bitmap {
        let parts = try lines.enumerated().map { index, text in
            (bitmap: try TextRenderer.render(text, font: "DejaVu Sans 12", margin: 0), x: 80, y: lineTop + index * lineSpacing)
        }
        var page = Bitmap.page(width: 1700, height: lineTop * 2 + lines.count * lineSpacing, placing: parts)
        page.image = "four lines"
        return page
    }

    @Test func eachLineIsTakenFromTheEngineThatReadIt() async throws {
        let settings = EngineSettings(.auto, jobs: 1)
        let combination = try #require((try settings.pageEngine() as? ScriptAwareEngine)?.engine as? LineCombiningEngine)
        // PP-OCR cannot see the last line and reads the first through noise; Tesseract cannot
        // see the second and reads the third through noise.
        let engine = LineCombiningEngine(
            primary: .init(Spoiling(engine: combination.primary.engine, erased: [3], drowned: [0]),
                           calibration: combination.primary.calibration,
                           unsharedLineThreshold: combination.primary.unsharedLineThreshold),
            secondary: .init(Spoiling(engine: combination.secondary.engine, erased: [1], drowned: [2]),
                             calibration: combination.secondary.calibration,
                             unsharedLineThreshold: combination.secondary.unsharedLineThreshold,
                             sureLineThreshold: combination.secondary.sureLineThreshold),
            margin: combination.margin)
        let bitmap = try Self.page()
        let options = RecognitionOptions()

        let alone = try await (engine.primary.engine.read(bitmap, options: options).text,
                               engine.secondary.engine.read(bitmap, options: options).text)
        for (name, text) in [("ppocr", alone.0), ("tesseract", alone.1)] {
            #expect(text.split(separator: "\n").map(String.init) != Self.lines, "\(name) alone should miss a line: \(text)")
        }
        let page = try await engine.read(bitmap, options: options)
        #expect(page.lines.map(\.text) == Self.lines, "ppocr alone:\n\(alone.0)\ntesseract alone:\n\(alone.1)")
        #expect(page.engine.name == "auto")
    }

    @Test func aCleanPageIsReadByTesseractAlone() async throws {
        let engine = try SharedEngines.page(.auto)
        let page = try await engine.read(try Self.page(), options: RecognitionOptions())
        #expect(page.lines.map(\.text) == Self.lines)
        #expect(page.engine.name == "tesseract")
    }

    @Test func onlyTheLineTesseractDoubtsIsReadAgainByPPOCRsRecognizer() async throws {
        let settings = EngineSettings(.auto, jobs: 1)
        let combination = try #require((try settings.pageEngine() as? ScriptAwareEngine)?.engine as? LineCombiningEngine)
        let ppocr = Counting(try #require(combination.primary.engine as? any LineRecognizer))
        // Tesseract reads every line, and doubts the third.
        let engine = LineCombiningEngine(
            primary: .init(ppocr, calibration: combination.primary.calibration,
                           unsharedLineThreshold: combination.primary.unsharedLineThreshold),
            secondary: .init(Doubting(engine: combination.secondary.engine, doubted: [2]),
                             calibration: combination.secondary.calibration,
                             unsharedLineThreshold: combination.secondary.unsharedLineThreshold,
                             sureLineThreshold: combination.secondary.sureLineThreshold),
            margin: combination.margin)
        let bitmap = try Self.page()
        let page = try await engine.read(bitmap, options: RecognitionOptions())
        #expect(page.lines.map(\.text) == Self.lines)
        #expect(page.engine.name == "auto")

        // PP-OCR's detector never ran; its recogniser read the third line, where Tesseract found it.
        #expect(ppocr.pagesRead.withLock { $0 } == 0)
        let quads = ppocr.linesRead.withLock { $0 }
        let third = Double(Self.lineTop + 2 * Self.lineSpacing)
        #expect(quads.count == 1 && quads.allSatisfy { $0.boundingRect.minY < third && $0.boundingRect.maxY > third + 20 }, "\(quads)")
    }

    @Test func lineRecognizerExample() async throws {
        let ppocr = try #require((try SharedEngines.page(.ppocr) as? ScriptAwareEngine)?.engine as? any LineRecognizer)
        let bitmap = try Self.page(), options = RecognitionOptions()
        let tesseractPage = try await SharedEngines.page(.tesseract).read(bitmap, options: options)

        // Example from Sources/OCRKit/Engine/LineRecognizer.swift
        let quads = tesseractPage.lines.map { $0.box.scaled(width: Double(bitmap.width), height: Double(bitmap.height)).quad }
        let lines = try await ppocr.recognizeLines(along: quads, in: bitmap, options: options)

        #expect(lines.map { $0?.text } == Self.lines)
    }

    /// A line PP-OCR's detector finds in two overlapping pieces (`Indoeuropäische S` and
    /// `e Sprachen`: each read some of the other's ink) is read once, as it is written; the
    /// pieces had been joined whole, as `Indoeuropäische S e Sprachen`.
    @Test func aLineFoundInOverlappingPiecesIsReadOnce() async throws {
        let text = try TranslatedLines.lines(in: "deu", count: 1, from: .names)[0]
        var bitmap = try TextRenderer.render(text, font: TranslatedLines.font(for: "deu"), margin: 24)
        bitmap.image = "deu-line.png"
        let page = try await SharedEngines.page(.auto).read(bitmap)
        #expect(page.text == text)
    }

    /// A Japanese line both engines read alike but for its spaces keeps Tesseract's, found as
    /// gaps between words: PP-OCR's recogniser read `フランス語, 中世 (約 1400-1600)` whole as
    /// `フランス語,中世(約 1400-1600)`, and was kept, being surer.
    @Test func aJapaneseLineKeepsTheSpacesBetweenItsWords() async throws {
        let text = try TranslatedLines.lines(in: "jpn", count: 6, from: .names)[5]
        var bitmap = try TextRenderer.render(text, font: TranslatedLines.font(for: "jpn"), margin: 24).worn(seed: 2031)
        bitmap.image = "jpn-line.png"
        let page = try await SharedEngines.page(.auto).read(bitmap, options: RecognitionOptions(languages: ["jpn"]))
        #expect(text.contains(" ("))
        #expect(page.text == text)
    }
}
