import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitExport
import OCRKitImages
import OCRKitLayout
import OCRKitLive
import OCRKitONNX
import OCRKitPDF
import OCRKitStraighten
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// The examples of the modules around the core, run as written.
@Suite(.enabled(if: samplesAreHere, "runs from the package's folder, where Samples/ is"), .onThreadsOfTheirOwn, .heavy)
struct ModuleExamples {
    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func engineChoice() throws {
        // Example from Sources/OCRKitEngines/EngineChoice.swift
        let engine = try EngineSettings(.ppocr).pageEngine()
        print(EngineChoice.ppocr.summary)

        #expect(engine.info.name == "ppocr")
    }

    @Test func engineSettings() throws {
        // Example from Sources/OCRKitEngines/EngineSettings.swift
        var settings = EngineSettings(.auto)
        settings.jobs = 2
        let engine = try settings.pageEngine()        // PP-OCR and Tesseract, line by line
        let frames = try settings.frameEngine()       // PP-OCR for small regions, else Tesseract

        #expect(engine.info.name == (InstalledDependencies.hasPPOCR ? "auto" : "tesseract"))
        #expect(frames.info.name == (InstalledDependencies.hasPPOCR ? "ppocr" : "tesseract"))
    }

    @Test func readerFromSettings() async throws {
        // Example from Sources/OCRKitEngines/PageReader+Settings.swift
        let reader = try PageReader(settings: EngineSettings(.auto), order: .layout)
        let page = try await reader.read("Samples/receipt.jpg")
        print(page.text)

        #expect(!page.text.isEmpty)
    }

    @Test func cameraSimulation() async throws {
        // A pale scene with a plate in it; the target is in the scene's pixels.
        let plate = try TextRenderer.render("AB12 CDE", font: "DejaVu Sans Bold 12")
        let canvas = Bitmap(width: 1200, height: 720, layout: plate.layout,
                            pixels: [UInt8](repeating: 210, count: 1200 * 720 * plate.layout.channels), image: "car")
        let photo = canvas.placing(plate, x: 470, y: 335)
        let plateBox = Rect(x: 470, y: 335, width: Double(plate.width), height: Double(plate.height))
        let scanner = try LiveScanner(engine: TesseractEngine(), configuration: .init(pattern: .ukPlate))

        // Example from Sources/OCRKitEvaluation/CameraSimulation.swift
        let camera = CameraSimulation(scene: photo, target: plateBox, seed: 7)
        var reads: [String] = []
        for index in 0..<camera.frameCount {
            let step = try await scanner.scan(Frame(bitmap: camera.frame(index), time: camera.time(of: index)))
            _ = step
            reads += step.candidates.map { $0.value }
        }

        // The camera pans onto the plate and shakes: frames Tesseract reads it in, and others.
        #expect(camera.frameCount == 30)
        #expect(reads.contains("AB12CDE"))
    }

    @Test func characterErrorRate() {
        // Example from Sources/OCRKitEvaluation/CharacterErrorRate.swift
        var score = CharacterErrorRate()
        score.add(reading: "He1lo world", truth: "Hello world")   // 1 edit in 11 characters
        print(score.rate)                                            // 0.0909...

        #expect(abs(score.rate - 1.0 / 11) < 1e-9)
    }

    @Test func tableTree() throws {
        // Example from Sources/OCRKitEvaluation/Tables/TableTree.swift
        let table = try TableTree(html: "<table><tr><th>Item</th><td colspan=\"2\">Price</td></tr></table>")
        print(table.nodeCount)   // 4: the table, its row and two cells

        #expect(table.nodeCount == 4 && table.children[0].children[1].columnSpan == 2)
    }

    @Test func teds() throws {
        // Example from Sources/OCRKitEvaluation/Tables/TEDS.swift
        let truth = try TableTree(html: "<table><tr><td>Tea</td><td>1.20</td></tr></table>")
        let read = try TableTree(html: "<table><tr><td>Tea</td><td>1.28</td></tr></table>")
        print(TEDS.similarity(read, truth))                       // 0.9375: a character in four, over 4 nodes
        print(TEDS.similarity(read, truth, comparesText: false))  // 1.0

        #expect(TEDS.similarity(read, truth) == 0.9375 && TEDS.similarity(read, truth, comparesText: false) == 1)
    }

    @Test func documentPhotoSimulation() async throws {
        let scan = try rendered("A page of text\nwith two lines"), straightener = PageStraightener()

        // Example from Sources/OCRKitEvaluation/DocumentPhotoSimulation.swift
        let simulation = DocumentPhotoSimulation(seed: 7)
        let photo = simulation.photo(of: scan, number: 0)
        let straightened = try await straightener.straighten(photo.bitmap)

        #expect(straightened.straightening.imageWidth == photo.bitmap.width)
    }

    @Test func liveScore() {
        // Example from Sources/OCRKitEvaluation/LiveScore.swift
        var score = LiveScore()
        score.add(plate: "AB12CDE", frames: [
            .init(isRead: true, showsPlate: false, topRead: nil, accepted: nil),
            .init(isRead: true, showsPlate: true, topRead: "AB12CDE", accepted: nil),
            .init(isRead: true, showsPlate: true, topRead: "A812CDE", accepted: "AB12CDE"),
        ])
        print(score.acceptedAccuracy)         // 1
        print(score.singleFrameAccuracy)      // 0.5
        print(score.meanFramesToAcceptance)   // 2

        #expect(score.acceptedAccuracy == 1 && score.singleFrameAccuracy == 0.5 && score.meanFramesToAcceptance == 2)
    }

    @Test(.enabled(if: SharedData.isAvailable("uw3_lines"), SharedData.missingReason))
    func manifest() throws {
        // Example from Sources/OCRKitEvaluation/Manifest.swift
        let manifest = try Manifest(contentsOf: "../shared/datasets/uw3_lines/manifest.tsv")
        for entry in manifest.entries { print(entry.imagePath, entry.truth) }

        #expect(!manifest.entries.isEmpty)
    }

    @Test(.enabled(if: SharedData.isAvailable("openalpr_plates") || FileManager.default.fileExists(
        atPath: "../shared/datasets/openalpr_plates/boxes.tsv"), SharedData.missingReason))
    func plateBoxes() throws {
        // Example from Sources/OCRKitEvaluation/PlateBoxes.swift
        let boxes = try PlateBoxes(contentsOf: "../shared/datasets/openalpr_plates/boxes.tsv")
        for entry in boxes.entries { print(entry.imagePath, entry.box, entry.plate) }

        #expect(!boxes.entries.isEmpty)
    }

    @Test(.enabled(if: SharedData.isAvailable("openalpr_plates") || FileManager.default.fileExists(
        atPath: "../shared/datasets/openalpr_plates/boxes.tsv"), SharedData.missingReason))
    func dataSetPart() throws {
        // Example from Sources/OCRKitEvaluation/DataSetPart.swift
        let boxes = try PlateBoxes(contentsOf: "../shared/datasets/openalpr_plates/boxes.tsv")
        let tuning = boxes.entries.filter { DataSetPart(of: $0.imagePath) == .tuning }
        print(tuning.count)   // 109

        #expect(tuning.count == 109)
        #expect(boxes.entries.filter { DataSetPart(of: $0.imagePath) == .heldOut }.count == 110)
    }

    @Test func plateScore() {
        // Example from Sources/OCRKitEvaluation/PlateScore.swift
        var score = PlateScore()
        score.add(reading: "CALIFORNIA\n6ABC 123", plate: "6ABC123")   // the line, without its space
        score.add(reading: "GARAGE 7XYZ89", plate: "7XYZ890")            // missed
        print(score.accuracy)   // 0.5

        #expect(score.accuracy == 0.5)
    }

    @Test func wordScore() {
        // Example from Sources/OCRKitEvaluation/WordScore.swift
        var score = WordScore()
        score.add(reading: "TOTAL 9.00 CASH", truth: "total 9.00 change")
        print(score.f1)   // 2 of 3 words either way: 0.667

        #expect(abs(score.f1 - 2.0 / 3) < 1e-9)
    }

    @Test func documentWriter() async throws {
        let pages = [try await TesseractEngine().read(try rendered("First page")), try await TesseractEngine().read(try rendered("Second"))]

        // Example from Sources/OCRKitExport/DocumentWriter.swift
        let writer = HOCRWriter()
        var document = writer.header
        for (number, page) in pages.enumerated() { document += writer.fragment(for: page, number: number + 1) }
        document += writer.footer

        #expect(document.contains("page_2") && document.hasSuffix("</html>\n"))
    }

    @Test func textDocument() async throws {
        let pages = [try await TesseractEngine().read(try rendered("First page")), try await TesseractEngine().read(try rendered("Second"))]

        // Example from Sources/OCRKitExport/TextDocument.swift
        var document = TextDocument(format: .json, isSinglePage: pages.count == 1)!
        var output = ""
        for page in pages { output += try document.add(page) }
        output += document.ending()

        let decoded = try JSONDecoder().decode([Page].self, from: Data(output.utf8))
        #expect(decoded.map(\.text) == ["First page", "Second"])
        #expect(try TextDocument.of(pages, format: .json) == output)
    }

    @Test func composing() throws {
        let title = try rendered("Title"), column = try rendered("A column of text")

        // Example from Sources/OCRKitImages/Bitmap+Compose.swift
        let page = Bitmap.page(width: 2000, height: 1200, placing: [(title, 40, 20), (column, 40, 200)])

        #expect(page.width == 2000 && page.height == 1200)
    }

    @Test func imageLoader() async throws {
        let postedBytes = try Data(contentsOf: URL(fileURLWithPath: "Samples/receipt.jpg"))

        // Example from Sources/OCRKitImages/ImageLoader.swift
        let loader = ImageLoader()
        let bitmap = try await loader.decode(contentsOf: "Samples/receipt.jpg", maximumSide: 2048)
        let upload = try await loader.decode(postedBytes, image: "receipt.jpg")

        #expect(max(bitmap.width, bitmap.height) <= 2048)
        #expect(upload.image == "receipt.jpg" && upload.width >= bitmap.width, "the same image, in memory, at its own size")
    }

    @Test func imageLoadingOptions() async throws {
        // Example from Sources/OCRKitImages/ImageLoadingOptions.swift
        let loader = ImageLoader(options: ImageLoadingOptions(maximumPixelCount: 50_000_000))

        let letter = try await loader.decode(contentsOf: "Samples/letter.png", maximumSide: nil)
        #expect(letter.width * letter.height <= 50_000_000)
        let strict = ImageLoader(options: ImageLoadingOptions(maximumPixelCount: letter.width * letter.height - 1))
        await #expect(throws: OCRError.self) { try await strict.decode(contentsOf: "Samples/letter.png", maximumSide: nil) }
    }

    @Test func imageWriter() throws {
        let folder = try TemporaryFolder(), evidence = folder.path, bitmap = try rendered("AB12 CDE")

        // Example from Sources/OCRKitImages/ImageWriter.swift
        try ImageWriter.write(bitmap, to: evidence + "/plate-0042.jpg")   // JPEG, by the extension

        #expect(try Data(contentsOf: URL(fileURLWithPath: evidence + "/plate-0042.jpg")).starts(with: [0xFF, 0xD8]))
    }

    @Test func textRenderer() async throws {
        let engine = try TesseractEngine()

        // Example from Sources/OCRKitImages/TextRenderer.swift
        let bitmap = try TextRenderer.render("Invoice 2024-117\nTotal: 42.00", font: "DejaVu Serif 11")
        let page = try await engine.read(bitmap, options: RecognitionOptions())

        #expect(page.text == "Invoice 2024-117\nTotal: 42.00")
    }

    @Test func layoutAnalyzer() async throws {
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())

        // Example from Sources/OCRKitLayout/LayoutAnalyzer.swift
        let page = try await reader.read("Samples/letter.png")
        let arranged = LayoutAnalyzer().arrange(page)
        print(arranged.text)          // the left column, then the right

        #expect(arranged.words.count == page.words.count)
    }

    @Test func pageDetector() throws {
        let simulation = DocumentPhotoSimulation(seed: 3)
        // A page with paper around its text, as a scanner gives it: the photo then shows its edges.
        let scan = try TextRenderer.render("INVOICE 2024-117\nThe quick brown fox jumps over the lazy dog.\nTotal due: 1,234.56 EUR\n"
                                           + "Paid by card ending 4242\nThank you for your custom.", font: "DejaVu Sans 11", dpi: 200, margin: 50)
        let photo = simulation.photo(of: scan, number: 0).bitmap

        // Example from Sources/OCRKitStraighten/PageDetector.swift
        if let page = try PageDetector().page(in: photo) {
            print(page.corners.corners, page.confidence)
            let flat = try photo.flattening(page.corners)
            _ = flat
            #expect(flat.width > 0 && flat.height > 0)
        }
        #expect(try PageDetector().page(in: photo) != nil)
    }

    @Test func pageStraightener() async throws {
        let engine = try TesseractEngine()

        // Example from Sources/OCRKitStraighten/PageStraightener.swift
        let straightener = PageStraightener(orientationDetector: try TesseractOrientationDetector())
        let reader = PageReader(decoder: ImageLoader(), engine: engine, straightener: straightener)
        let page = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))
        print(page.straightening?.foundPage == true ? "page found" : "read as it was")

        #expect(page.straightening != nil)
    }

    @Test func tesseractEngine() async throws {
        let bitmap = try rendered("Order 4711 of 2026")

        // Example from Sources/OCRKitTesseract/TesseractEngine.swift
        let engine = try TesseractEngine(configuration: TesseractConfiguration(jobs: 2))
        var options = RecognitionOptions(languages: ["eng"])
        options.allowedCharacters = "0123456789"
        let page = try await engine.read(bitmap, options: options)

        #expect(page.text.allSatisfy { $0.isNumber || $0.isWhitespace })
    }

    @Test func orientationDetector() async throws {
        var bitmap = try TextRenderer.render("A page turned on its side\nwith lines of text to tell which way\nis up, as Tesseract needs")
            .turned(clockwiseQuarterTurns: 1)

        // Example from Sources/OCRKitTesseract/TesseractOrientationDetector.swift
        let detector = try TesseractOrientationDetector()
        if let orientation = try await detector.orientation(of: bitmap), orientation.confidence > 0.5 {
            bitmap = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
        }

        #expect(try await TesseractEngine().read(bitmap).text.hasPrefix("A page turned"))
    }
}
