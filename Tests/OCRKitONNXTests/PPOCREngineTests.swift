import Foundation
import OCRKit
import OCRKitImages
import OCRKitEvaluation
import OCRKitLayout
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

private let models = InstalledDependencies.ppocrModels
private let library = InstalledDependencies.onnxRuntimeLibrary

@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason), .heavy)
struct PPOCREngineTests {
    let engine: PPOCREngine

    init() throws {
        engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: models, libraryPath: library, jobs: 2))
    }

    @Test func findsAndReadsEveryLineOfARenderedPage() async throws {
        let lines = ["Delivery note 2024-117", "Ship to: Ada Lovelace", "Total weight 12.5 kg"]
        let bitmap = try TextRenderer.render(lines.joined(separator: "\n"), font: "DejaVu Sans 14", margin: 60)
        let read = try await engine.read(bitmap, options: RecognitionOptions())
        // The detector may return a line in pieces, and the page says its lines were detected, so
        // the layout step joins them. Case is not compared: the recogniser may read "Ship" as
        // "ship" (S and s differ only in size).
        let expected: [String] = lines.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        #expect(Set(read.words.map { $0.text.lowercased() }) == Set(expected))
        #expect(read.engine.lineFinding == .textDetection)
        let page = LayoutAnalyzer().arrange(read)
        #expect(page.lines.map { $0.text.lowercased() } == lines.map { $0.lowercased() })
        #expect(page.engine.name == "ppocr")
        for line in page.lines {
            #expect(line.box.isValidNormalizedRegion && line.confidence > 0.8)
            // Words and symbols lie inside their line.
            for word in line.words {
                #expect(word.box.minX >= line.box.minX - 0.01 && word.box.maxX <= line.box.maxX + 0.01)
                #expect(word.symbols.map(\.text).joined() == word.text)
                #expect(word.alternatives.first?.text == word.text)
            }
        }
    }

    /// A page read alone runs its models on every core, pages read side by side on their share of
    /// them, and what is read is the same.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "one core: no share to take"))
    func aPageReadAloneRunsOnEveryCore() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: models, libraryPath: library, jobs: cores))
        let bitmap = try TextRenderer.render("Invoice 2024-117\nTotal due 42.50 EUR\nPaid by card", font: "DejaVu Sans 14", margin: 60)
        let alone = try await engine.read(bitmap, options: RecognitionOptions())
        #expect(engine.runThreads.alone == cores && engine.runThreads.shared == nil)

        let besideOthers = try await withThrowingTaskGroup(of: Page.self) { group in
            for _ in 0..<cores { group.addTask { try await engine.read(bitmap, options: RecognitionOptions()) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(engine.runThreads.shared == 1, "pages read side by side share the cores")
        #expect(besideOthers.allSatisfy { $0.lines.map(\.text) == alone.lines.map(\.text) })
        #expect(["Invoice", "42.50", "card"].allSatisfy { alone.text.contains($0) }, "\(alone.text)")
    }

    @Test func readsALineAloneInItsImage() async throws {
        // 12 or more times wider than high: letterboxed before detection, as RapidOCR does.
        let text = "The quick brown fox jumps over the lazy dog"
        let bitmap = try TextRenderer.render(text, font: "DejaVu Sans 12", margin: 4)
        #expect(bitmap.width > 12 * bitmap.height)
        let page = try await engine.read(bitmap, options: RecognitionOptions())
        // In pieces, in order; RapidOCR reads this image with the same boxes, and as here
        // misreads a piece or two at their joins ("the lazy c").
        let words = page.words.map(\.text)
        #expect(text.split(separator: " ").filter { words.contains(String($0)) }.count >= 8, "\(words)")
        #expect(Array(words.prefix(3)) == ["The", "quick", "brown"])
        #expect(page.lines.allSatisfy { $0.quad.corners.allSatisfy { $0.y > -2 && $0.y < Double(bitmap.height) + 2 } })
    }

    @Test func honoursTheRegionOfInterestAndAllowedCharacters() async throws {
        let bitmap = try TextRenderer.render("HEADER 111\n\nfooter 222", font: "DejaVu Sans 14", margin: 60)
        let bottom = try await engine.read(bitmap, options: RecognitionOptions(regionOfInterest: Rect(x: 0, y: 0.5, width: 1, height: 0.5)))
        #expect(bottom.lines.map(\.text) == ["footer 222"])
        #expect(bottom.lines[0].box.minY > 0.5)
        let digits = try await engine.read(bitmap, options: RecognitionOptions(allowedCharacters: "0123456789"))
        #expect(digits.lines.allSatisfy { $0.text.allSatisfy { $0.isNumber || $0 == " " } })
        #expect(digits.text.contains("111") && digits.text.contains("222"))
    }

    @Test func pagesReadAtOnceTakeTurnsAtTheDetector() async throws {
        #expect(PPOCREngine.Configuration(jobs: 1).concurrentDetections == 1)
        #expect(PPOCREngine.Configuration(jobs: 2).concurrentDetections == 1)
        #expect(PPOCREngine.Configuration(jobs: 8).concurrentDetections == 4)
        var configuration = PPOCREngine.Configuration(models: models, libraryPath: library, jobs: 3)
        configuration.concurrentDetections = 1
        let oneAtATime = try PPOCREngine(configuration: configuration)
        let bitmaps = try ["Invoice 2024-117", "Ship to: Ada Lovelace", "Total weight 12.5 kg"].map {
            try TextRenderer.render($0, font: "DejaVu Sans 14", margin: 60)
        }
        let pages = try await withThrowingTaskGroup(of: (Int, Page).self) { group in
            for (index, bitmap) in bitmaps.enumerated() {
                group.addTask { (index, try await oneAtATime.read(bitmap, options: RecognitionOptions())) }
            }
            return try await group.reduce(into: [Int: Page]()) { $0[$1.0] = $1.1 }
        }
        for (index, bitmap) in bitmaps.enumerated() {
            #expect(pages[index] == (try await engine.read(bitmap, options: RecognitionOptions())))
        }
    }

    @Test func readsAPageLargerThanTheDetectorTakesWithItsBoxesInPlace() async throws {
        let lines = ["Delivery note 2024-117", "Ship to: Ada Lovelace", "Total weight 12.5 kg"]
        let bitmap = try TextRenderer.render(lines.joined(separator: "\n"), font: "DejaVu Sans 24", margin: 500)
        func engine(maximumDetectionPixels: Int) throws -> PPOCREngine {
            var configuration = PPOCREngine.Configuration(models: models, libraryPath: library, jobs: 1)
            configuration.maximumDetectionPixels = maximumDetectionPixels
            return try PPOCREngine(configuration: configuration)
        }
        let pixels = bitmap.width * bitmap.height
        let reduced = LayoutAnalyzer().arrange(try await engine(maximumDetectionPixels: pixels / 4).read(bitmap, options: RecognitionOptions()))
        let whole = LayoutAnalyzer().arrange(try await engine(maximumDetectionPixels: pixels).read(bitmap, options: RecognitionOptions()))
        // Case is not compared, as above.
        let expected = lines.flatMap { $0.lowercased().split(separator: " ").map(String.init) }
        #expect(reduced.words.map { $0.text.lowercased() } == expected)
        #expect(whole.words.map { $0.text.lowercased() } == expected)
        #expect(reduced.lines.count == whole.lines.count)
        // Found at half the size, the lines are where the whole page's detection puts them.
        for (small, large) in zip(reduced.lines, whole.lines) {
            #expect(abs(small.box.midX - large.box.midX) < 0.01 && abs(small.box.midY - large.box.midY) < 0.01, "\(small.box) \(large.box)")
            #expect(abs(small.box.height - large.box.height) < 0.01, "\(small.box) \(large.box)")
        }
    }

    /// A quantity set apart at a receipt line's start is a box taller than wide: it is read
    /// across, as the rest of its line. Read down the page, a "1" came out as "一" or not at all,
    /// and a line joining such a word took its slant.
    @Test func aNarrowWordSetApartIsReadAcross() async throws {
        let lines = ["4        Chicken wings      71.60", "1        Delivery           4.00"]
        let bitmap = try TextRenderer.render(lines.joined(separator: "\n"), font: "DejaVu Sans Mono 14", margin: 60)
        let page = try await engine.read(bitmap, options: RecognitionOptions())
        #expect(page.words.map(\.text) == lines.flatMap { $0.split(separator: " ").map(String.init) })
        for word in page.words {
            let slope = (word.quad.topRight.y - word.quad.topLeft.y) / (word.quad.topRight.x - word.quad.topLeft.x)
            #expect(word.quad.topRight.x > word.quad.topLeft.x && abs(slope) < 0.1, "\(word.text): \(word.quad)")
        }
    }

    @Test func refusesLanguagesOfScriptsItsModelsDoNotRead() async throws {
        let bitmap = try TextRenderer.render("text")
        await #expect { try await engine.read(bitmap, options: RecognitionOptions(languages: ["rus"])) } throws: {
            ($0 as? OCRError)?.code == .invalidOption
        }
        // German is Latin, which it reads whatever the language.
        #expect(try await engine.read(bitmap, options: RecognitionOptions(languages: ["deu"])).text == "text")
    }

    @Test func aMissingModelFolderIsAClearError() {
        #expect { try PPOCREngine(configuration: PPOCREngine.Configuration(models: "/nonexistent/models")) } throws: {
            ($0 as? OCRError)?.code == .fileNotFound && ($0 as? OCRError)?.path == "/nonexistent/models"
        }
    }
}

/// Which boxes PP-OCR reads as running down the page: no models needed.
struct ColumnTurningTests {
    private func box(x: Double, y: Double, width: Double, height: Double) -> Quad {
        Rect(x: x, y: y, width: width, height: height).quad
    }

    @Test func aBoxRunsDownThePageWhenItIsTallerThanALineOfThePage() {
        let rows = (0..<5).map { box(x: 100, y: Double($0) * 60, width: 400, height: 40) }
        let digit = box(x: 40, y: 0, width: 20, height: 44), column = box(x: 600, y: 0, width: 40, height: 300)
        let turned = PPOCREngine.turningColumns(rows + [digit, column])
        #expect(Array(turned.prefix(6)) == rows + [digit], "lines and the digit read across")
        #expect(turned[6] == column.turned(1), "the column reads down")
        // With no line across to compare with, a box is a column by its shape alone, as RapidOCR decides.
        #expect(PPOCREngine.turningColumns([digit]) == [digit.turned(1)])
        #expect(PPOCREngine.turningColumns([box(x: 0, y: 0, width: 30, height: 40)]) == [box(x: 0, y: 0, width: 30, height: 40)])
    }
}

@Suite(.enabled(if: InstalledDependencies.hasPPOCR && SharedData.isAvailable("sroie") && SharedData.isAvailable("openalpr_plates"),
                "needs the PP-OCR models in .deps/ and ../shared/datasets"), .heavy)
struct PPOCRDatasetTests {
    let engine = try! PPOCREngine(configuration: PPOCREngine.Configuration(
        models: InstalledDependencies.ppocrModels, libraryPath: InstalledDependencies.onnxRuntimeLibrary, jobs: 2))
    let loader = ImageLoader()

    /// Reads the first `count` images of a data set, two at a time.
    private func read(_ set: String, count: Int) async throws -> [(page: Page, truth: String)] {
        let entries = Array(try Manifest(contentsOf: SharedData.manifest(set)).entries.prefix(count))
        return try await withThrowingTaskGroup(of: (Int, Page).self) { group in
            for (index, entry) in entries.enumerated() {
                group.addTask {
                    (index, try await engine.read(try await loader.decode(contentsOf: entry.imagePath), options: RecognitionOptions()))
                }
            }
            var pages: [Int: Page] = [:]
            for try await (index, page) in group { pages[index] = page }
            return entries.indices.map { (pages[$0]!, entries[$0].truth) }
        }
    }

    @Test func readsReceiptsAsWellAsMeasured() async throws {
        // The whole set scores word F1 0.638 and CER 0.126 (docs/engines.md); these four, 0.509 and 0.152.
        var words = WordScore(), characters = CharacterErrorRate(caseSensitive: false)
        for (page, truth) in try await read("sroie", count: 4) {
            words.add(reading: page.text, truth: truth)
            characters.add(reading: page.text, truth: truth)
        }
        #expect(words.f1 > 0.45, "word F1 \(words.f1)")
        #expect(characters.rate < 0.2, "CER \(characters.rate)")
    }

    @Test func readsNumberPlates() async throws {
        var plates = PlateScore()
        for (page, truth) in try await read("openalpr_plates", count: 12) {
            plates.add(reading: page.lines.map(\.text).joined(separator: "\n"), plate: truth)
        }
        // The whole set: 0.749 (docs/engines.md); these twelve, 8.
        #expect(plates.read >= 7, "\(plates.read) of \(plates.plates) plates")
    }
}
