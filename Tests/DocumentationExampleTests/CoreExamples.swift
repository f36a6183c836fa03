import Foundation
import OCRKit
import OCRKitEngines
import OCRKitImages
import OCRKitONNX
import OCRKitStraighten
import OCRKitTesseract
import OCRKitTestSupport
import Synchronization
import Testing

/// The examples of the core module's doc comments, run as written.
@Suite(.enabled(if: samplesAreHere, "runs from the package's folder, where Samples/ is"))
struct CoreExamples {
    @Test func blockingWorkerPool() async throws {
        // Example from Sources/OCRKit/Concurrency/BlockingWorkerPool.swift
        let pool = BlockingWorkerPool(count: 2, name: "counter") { 0 }   // a worker's state: its count
        let calls = try await pool.run { count in
            count += 1                                                  // a blocking C call goes here
            return count
        }

        #expect(calls == 1)
    }

    @Test func exitSafeRelease() {
        // Example from Sources/OCRKit/Concurrency/ExitSafeRelease.swift
        final class ScratchBuffer {
            let bytes = malloc(1 << 20)!
            deinit { ExitSafeRelease.perform("libc") { free(bytes) } }
        }

        for _ in 0..<3 { _ = ScratchBuffer() }

        // Outside an exit, a release runs at once.
        let released = Mutex(0)
        for _ in 0..<3 { ExitSafeRelease.perform("libc") { released.withLock { $0 += 1 } } }
        #expect(released.withLock { $0 } == 3)
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func lineCombiningEngine() async throws {
        let bitmap = try rendered("Invoice 2024-117"), options = RecognitionOptions()

        // Example from Sources/OCRKit/Engine/LineCombiningEngine.swift
        let engine = LineCombiningEngine(
            primary: .init(try PPOCREngine(), calibration: .ppocr, unsharedLineThreshold: 0.4),
            secondary: .init(try TesseractEngine(), calibration: .tesseract, unsharedLineThreshold: 0.5))
        let page = try await engine.read(bitmap, options: options)
        print(page.engine.name)   // "auto"; or the one engine's name when only one could read the page

        #expect(page.text == "Invoice 2024-117")
    }

    @Test func confidenceCalibration() {
        // Example from Sources/OCRKit/Engine/ConfidenceCalibration.swift
        let calibration = ConfidenceCalibration([(0.5, 0.4), (0.9, 0.8), (1, 1)])
        print(calibration.probability(0.7))   // 0.6: between the points measured, on the straight line

        #expect(abs(calibration.probability(0.7) - 0.6) < 1e-12)
    }

    @Test func engine() async throws {
        let bitmap = try rendered("Invoice 2024-117")

        // Example from Sources/OCRKit/Engine/OCREngine.swift
        let engine = try TesseractEngine()
        let page = try await engine.read(bitmap, options: RecognitionOptions(languages: ["eng"]))

        #expect(page.text == "Invoice 2024-117")
    }

    @Test func pageSource() async throws {
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())
        let uploadedBytes = try Data(contentsOf: URL(fileURLWithPath: "Samples/receipt.jpg"))

        // Example from Sources/OCRKit/Documents/PageSource.swift
        let page = try await reader.read(uploadedBytes, image: "receipt.jpg")
        if case .contents(let bytes, _)? = page.source?.document { print(bytes.count, "bytes, named", page.image) }

        #expect(page.source == PageSource(.contents(uploadedBytes, name: "receipt.jpg")) && page.image == "receipt.jpg")
        let decoded = try Page(jsonData: try page.jsonData())
        #expect(decoded == page, "where a page came from is not part of what was read")
        #expect(decoded.source == nil, "a page decoded from JSON does not say where it was read from")
        let again = try await reader.decoder.image(of: page, straightenedBy: nil)
        #expect(again.width == page.width && again.height == page.height, "decoded again from its bytes, not a file")
        // Its name is no file to open: decoding it again is refused, naming it, rather than reading whatever file has that name.
        await #expect(throws: OCRError.self) { try await reader.decoder.image(of: decoded, straightenedBy: nil) }
    }

    @Test func pageReader() async throws {
        // Example from Sources/OCRKit/Engine/PageReader.swift
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine(), straightener: PageStraightener())
        let page = try await reader.read("Samples/letter.png")
        let photo = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))

        // Example from Sources/OCRKit/Engine/PageReader.swift
        let bitmap = try await reader.decoder.image(of: page, straightenedBy: reader.straightener)

        #expect(!page.text.isEmpty && photo.straightening != nil)
        #expect(bitmap.width == page.width && bitmap.height == page.height)
    }

    @Test func recognitionOptions() throws {
        // Example from Sources/OCRKit/Engine/RecognitionOptions.swift
        var options = RecognitionOptions()
        options.languages = ["eng", "deu"]
        options.regionOfInterest = Rect(x: 0, y: 0.8, width: 1, height: 0.2)   // the bottom fifth
        options.minimumTextHeight = 0.02                                      // ignore fine print

        try options.validate()
        options.minimumTextHeight = 2
        #expect(throws: OCRError.self) { try options.validate() }
    }

    @Test func imageFiles() {
        // Example from Sources/OCRKit/Files/ImageFiles.swift
        let (files, missing) = ImageFiles.resolve(["Samples/", "extra.png"])
        for error in missing { print(error) }   // "extra.png: no such file or folder"
        print(files)                            // the images in Samples/, in natural order

        #expect(files == ["Samples/letter.png", "Samples/notice.webp", "Samples/receipt.jpg"])
        #expect(missing.map(\.description) == ["extra.png: no such file or folder"])
    }

    @Test func quads() {
        let inCrop = Rect(x: 1, y: 2, width: 10, height: 5).quad, crop = Rect(x: 100, y: 200, width: 50, height: 50)

        // Example from Sources/OCRKit/Geometry/Quad.swift
        let onPage = inCrop.map { Point(x: $0.x + crop.minX, y: $0.y + crop.minY) }

        // Example from Sources/OCRKit/Geometry/Quad.swift
        let column = Quad(topLeft: Point(x: 10, y: 0), topRight: Point(x: 40, y: 0),
                          bottomRight: Point(x: 40, y: 300), bottomLeft: Point(x: 10, y: 300))
        // taller than wide, its characters stacked downwards
        let line = column.turned(1)           // its top edge now runs down the column's right side

        #expect(onPage.topLeft == Point(x: 101, y: 202))
        #expect(line.topLeft == Point(x: 40, y: 0) && line.topRight == Point(x: 40, y: 300))
    }

    @Test func duplicates() {
        let boxes = [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 1, y: 0, width: 10, height: 10)], scores = [0.9, 0.8]

        // Example from Sources/OCRKit/Geometry/Rect+Duplicates.swift
        let kept = Rect.indicesWithoutDuplicates(boxes, confidences: scores, overlap: 0.5, containment: 0.8)

        #expect(kept == [0])
    }

    @Test func rects() {
        // Example from Sources/OCRKit/Geometry/Rect.swift
        let roi = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)   // the middle of the lower half
        let pixels = roi.scaled(width: 1000, height: 800)           // (250, 400, 500, 200)

        // Example from Sources/OCRKit/Geometry/Rect.swift
        let lowerThird = Rect(normalizedBottomLeft: Rect(x: 0, y: 0, width: 1, height: 1.0 / 3))
        print(lowerThird.y)   // 0.667: OCRKit counts from the top

        // Example from Sources/OCRKit/Geometry/Rect.swift
        let bottomFifth = Rect(listing: "0,0.8,1,0.2")

        #expect(pixels == Rect(x: 250, y: 400, width: 500, height: 200))
        #expect(abs(lowerThird.y - 2.0 / 3) < 1e-9)
        #expect(bottomFifth == Rect(x: 0, y: 0.8, width: 1, height: 0.2))
        #expect(Rect(listing: "0,0.8,1") == nil && Rect(listing: "0,,0.8,1,0.2") == nil)
    }

    @Test func cropping() throws {
        let frame = try rendered("AB12 CDE"), box = Rect(x: 0.1, y: 0.1, width: 0.5, height: 0.5)

        // Example from Sources/OCRKit/Model/Bitmap+Crop.swift
        let plate = frame.cropped(to: box.scaled(width: Double(frame.width), height: Double(frame.height)))

        #expect(plate?.width == Int((Double(frame.width) * 0.5).rounded()))
    }

    @Test func scaling() throws {
        let line = try rendered("Steady")

        // Example from Sources/OCRKit/Model/Bitmap+Scaling.swift
        let larger = line.scaled(by: 1.4)

        #expect(larger.width == Int((Double(line.width) * 1.4).rounded()) && larger.layout == line.layout)
        #expect(larger.inkShare(outside: []) > 0)
    }

    @Test func editDistance() {
        // Example from Sources/OCRKit/Geometry/Array+EditDistance.swift
        let edits = Array("kitten").editDistance(to: Array("sitting"))   // 3

        #expect(edits == 3)
    }

    @Test func turning() async throws {
        let sideways = try rendered("Upright").turned(clockwiseQuarterTurns: 1)
        let orientation = TextOrientation(quarterTurns: 3, confidence: 0.9)

        // Example from Sources/OCRKit/Model/Bitmap+Turning.swift
        let upright = sideways.turned(clockwiseQuarterTurns: orientation.quarterTurns)

        #expect(try await TesseractEngine().read(upright).text == "Upright")
    }

    @Test func flagging() async throws {
        let page = try await TesseractEngine().read(try rendered("c0de 1234"), options: RecognitionOptions(alternativeCount: 3))

        // Example from Sources/OCRKit/Model/Page+Flagging.swift
        let flagged = page.flaggingDoubtfulText()
        for word in flagged.words where word.isFlagged {
            print(word.text, "or perhaps", word.alternatives.dropFirst().map(\.text))
        }

        #expect(flagged.words.count == 2)
    }

    @Test func inkShare() async throws {
        let bitmap = try rendered("Invoice 2024-117")
        let page = try await TesseractEngine().read(bitmap)

        // Example from Sources/OCRKit/Model/Bitmap+Ink.swift
        let unread = bitmap.inkShare(outside: page.lines.map(\.box))
        print(unread > 0.02 ? "something on the page was not read" : "every mark was read")

        #expect(unread < 0.02)
        #expect(bitmap.inkShare(outside: []) == 1)
    }

    @Test func oneLine() throws {
        // Example from Sources/OCRKit/Model/Bitmap+OneLine.swift
        let label = try TextRenderer.render("Main Street Station")   // 300 dpi, 12 points
        print(label.isOneLine)                                      // true

        #expect(label.isOneLine)
        #expect(try !TextRenderer.render("Main Street\nStation\nNorth exit").isOneLine)
    }

    @Test func shapedAsAWord() {
        // Example from Sources/OCRKit/Languages/ScriptLegibility.swift
        print(ScriptLegibility.isShapedAsAWord("Конверт"))   // true
        print(ScriptLegibility.isShapedAsAWord("KOHBepT"))   // false
        print(ScriptLegibility.isShapedAsAWord("9x11"))      // true: a letter between digits

        #expect(ScriptLegibility.isShapedAsAWord("Конверт") && ScriptLegibility.isShapedAsAWord("9x11"))
        #expect(!ScriptLegibility.isShapedAsAWord("KOHBepT") && !ScriptLegibility.isShapedAsAWord("Ha3Ba"))
        #expect(ScriptLegibility.isShapedAsAWord("STOP") && ScriptLegibility.isShapedAsAWord("Main-Street"))
    }

    @Test func inkShareOutsideMargins() async throws {
        let bitmap = try rendered("Invoice 2024-117")
        var page = try await TesseractEngine().read(bitmap)

        // Example from Sources/OCRKit/Model/Bitmap+Ink.swift
        let unread = bitmap.inkShare(outsideMarginsOf: page.lines)
        print(unread > 0.5 ? "most of the text was not read" : "most of it was")

        #expect(unread == 0)
        page = page.replacingLayout([])
        #expect(bitmap.inkShare(outsideMarginsOf: page.lines) == 1)
    }

    @Test func holdsMarks() async throws {
        let bitmap = try rendered("Invoice 2024-117")
        let page = try await TesseractEngine().read(bitmap).replacingLayout([])   // as if nothing were read

        // Example from Sources/OCRKit/Model/Bitmap+Ink.swift
        if page.text.isEmpty, bitmap.holdsMarks { print("text on the page was not read") }

        #expect(bitmap.holdsMarks)
        #expect(!Bitmap.page(width: 300, height: 200, placing: []).holdsMarks, "a blank page holds no marks")
    }

    @Test func pageWarnings() {
        var page = Page(image: "scan.png", width: 100, height: 50, engine: EngineInfo(name: "tesseract", version: "5"), lines: [])
        page.warnings = [PageWarning(.unreadText, reason: "the page holds text that could not be read")]

        // Example from Sources/OCRKit/Model/PageWarning.swift
        for warning in page.warnings {
            print("\(page.image): \(warning.reason)")   // "scan.png: the page holds text that could not be read: ..."
        }

        #expect(page.warnings.map(\.code) == [.unreadText])
    }

    @Test func lineJoining() {
        func piece(_ text: String, from x: Double, to right: Double) -> Line {
            let box = Rect(x: x, y: 10, width: right - x, height: 20)
            return Line(text: text, confidence: 0.9, box: box,
                        quad: Quad(topLeft: Point(x: x, y: 10), topRight: Point(x: right, y: 10),
                                   bottomRight: Point(x: right, y: 30), bottomLeft: Point(x: x, y: 30)))
        }
        let item = piece("Milk 2L", from: 0, to: 70), price = piece("1.45", from: 200, to: 240)

        // Example from Sources/OCRKit/Model/Line+Joining.swift
        let line = Line(joining: [price, item])
        print(line.text)   // "Milk 2L 1.45"

        #expect(line.text == "Milk 2L 1.45")
        #expect(line.box == Rect(x: 0, y: 10, width: 240, height: 20))
        #expect(line.quad.topRight == Point(x: 240, y: 10))
    }

    @Test func page() async throws {
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())

        // Example from Sources/OCRKit/Model/Page.swift
        let page = try await reader.read("Samples/receipt.jpg")
        print(page.text)                                  // paragraphs separated by a blank line
        for line in page.lines where line.confidence < 0.5 {
            print("check:", line.text, line.box)
        }
        let json = try page.jsonData()

        #expect(try Page(jsonData: json) == page)
    }

    @Test func straightening() async throws {
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine(), straightener: PageStraightener())

        // Example from Sources/OCRKit/Model/Straightening.swift
        let page = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))
        if let corners = page.straightening?.corners {
            print("page found at", corners.corners, "confidence", page.straightening!.pageConfidence)
        }

        #expect(page.straightening != nil)
    }

    @Test func wordAlternatives() async throws {
        let page = try await TesseractEngine().read(try rendered("c0de"), options: RecognitionOptions(alternativeCount: 3))
        var word = try #require(page.words.first)

        // Example from Sources/OCRKit/Model/Word.swift
        // "c0de" with 0 at 0.55 and O at 0.40 gives ["c0de", "cOde", ...]
        word.alternatives = Word.alternatives(from: word.symbols, count: 3)

        #expect(word.alternatives.first?.text == word.text)
    }
}
