import Foundation
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitImages
import OCRKitLive
import OCRKitONNX
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// The examples of the live scanner, the ONNX engines, PDFs and benchmarks, run as written.
@Suite(.enabled(if: samplesAreHere, "runs from the package's folder, where Samples/ is"), .onThreadsOfTheirOwn, .heavy)
struct LiveAndOutputExamples {
    /// What the examples print: `print` here is the suite's, which keeps it.
    private let printed = PrintedLines()
    private func print(_ items: Any..., separator: String = " ") { printed.print(items, separator: separator) }

    let folder: TemporaryFolder
    /// Frames of a UK plate, as PNG files.
    let snapshots: [String]

    init() throws {
        let folder = try TemporaryFolder()
        self.folder = folder
        snapshots = try (0..<3).map { index in
            let path = folder.file(String(format: "frame%02d.png", index))
            try ImageWriter.write(try TextRenderer.render("AB12 CDE", font: "DejaVu Sans Bold 28"), to: path)
            return path
        }
    }

    /// The frames as a lossless video at 10 frames a second, through ffmpeg.
    private func video() throws -> String {
        let video = folder.file("gate.mkv")
        let encoded = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-framerate", "10", "-i", folder.file("frame%02d.png"), "-c:v", "ffv1", video])
        try #require(encoded.status == 0, "ffmpeg could not encode the video (scripts/setup installs it): \(encoded.errors)")
        return video
    }

    private func scanner() throws -> LiveScanner {
        try LiveScanner(engine: TesseractEngine(), configuration: .init(pattern: .ukPlate))
    }

    @Test func frame() async throws {
        let scanner = try scanner(), pixels = try TextRenderer.render("AB12 CDE")

        // Example from Sources/OCRKitLive/Frame.swift
        let step = try await scanner.scan(Frame(bitmap: pixels, time: .milliseconds(12_400)))

        #expect(step.skipped == nil)
    }

    @Test func frameSource() async throws {
        let scanner = try scanner(), video = try video()

        // Example from Sources/OCRKitLive/FrameSources/FrameSource.swift
        let frames = try FrameSource.frames(of: video, framesPerSecond: 10, decoder: ImageLoader())
        for try await frame in frames { _ = try await scanner.scan(frame) }

        var count = 0
        for try await _ in try FrameSource.frames(of: video, framesPerSecond: 10, decoder: ImageLoader()) { count += 1 }
        #expect(count == snapshots.count)
    }

    @Test func imageFrames() async throws {
        let scanner = try scanner(), snapshots = snapshots

        // Example from Sources/OCRKitLive/FrameSources/ImageFrames.swift
        let frames = ImageFrames(files: snapshots, decoder: ImageLoader(), framesPerSecond: 5) { error in
            print("skipped \(error)")
        }
        for try await frame in frames { _ = try await scanner.scan(frame) }

        let times = try await ImageFrames(files: snapshots, decoder: ImageLoader(), framesPerSecond: 5) { _ in }.reduce(into: []) { $0.append($1.time) }
        #expect(times == [.zero, .seconds(0.2), .seconds(0.4)])
    }

    @Test func videoFrames() async throws {
        let scanner = try scanner(), video = try video()

        // Example from Sources/OCRKitLive/FrameSources/VideoFrames.swift
        for try await frame in VideoFrames(path: video, framesPerSecond: 10) {
            _ = try await scanner.scan(frame)
        }

        let sizes = try await VideoFrames(path: video, framesPerSecond: 10).reduce(into: []) { $0.append([$1.bitmap.width, $1.bitmap.height]) }
        let rendered = try TextRenderer.render("AB12 CDE", font: "DejaVu Sans Bold 28")
        #expect(sizes == Array(repeating: [rendered.width, rendered.height], count: snapshots.count))
    }

    @Test func scannerConfiguration() throws {
        // Example from Sources/OCRKitLive/LiveScanner+Configuration.swift
        var configuration = LiveScanner.Configuration(pattern: .ukPlate)
        configuration.region = Rect(normalizedBottomLeft: Rect(x: 0.2, y: 0, width: 0.6, height: 0.4))
        configuration.cooldown = .seconds(30)       // a car waiting at the barrier is reported once

        try configuration.validate()
        configuration.region = Rect(x: 0.5, y: 0.5, width: 0.8, height: 0.8)
        #expect(throws: OCRError.self) { try configuration.validate() }
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func liveScanner() async throws {
        let video = try video()
        var accepted: [String] = []

        // Example from Sources/OCRKitLive/LiveScanner.swift
        let scanner = try LiveScanner(engine: PPOCREngine(), configuration: .init(pattern: .ukPlate))
        for try await frame in VideoFrames(path: video) {
            if let plate = try await scanner.scan(frame).accepted {
                print(plate.value, plate.time, plate.confidence)
                accepted.append(plate.value)
            }
        }

        #expect(accepted.allSatisfy { $0 == "AB12CDE" })
    }

    @Test func plateFamily() {
        // Example from Sources/OCRKitLive/Look/PlateFamily.swift
        print(PlateFamily.european.fitting("PP587A0")!.value)   // PP587AO: Italy's and France's format has letters last
        print(PlateFamily.us.fitting("AG6VIW")!.value)           // AG6V1W: a state's format

        #expect(printed.lines == ["PP587AO", "AG6V1W"])
    }

    @Test func usStatePlate() {
        // Example from Sources/OCRKitLive/TextPattern+UnitedStates.swift
        print(TextPattern.usStatePlate.normalize("AG6VIW")!)   // AG6V1W
        print(TextPattern.usStatePlate.normalize("7ABCI23")!)  // 7ABC123: California's digits last

        #expect(printed.lines == ["AG6V1W", "7ABC123"])
    }

    @Test func textPattern() throws {
        // Example from Sources/OCRKitLive/TextPattern.swift
        print(TextPattern.ukPlate.normalize("ab12 cde")!)   // AB12CDE
        print(TextPattern.ukPlate.normalize("A812C0E")!)    // AB12COE: letters must stand where 8 and 0 do
        let permit = try TextPattern(name: "permit", regularExpression: "P[0-9]{6}")
        let russian = try TextPattern(named: "cyrillic:8-9")   // А123ВС77, read in Russian
        print(russian.normalize("a123bc 77")!)                  // А123ВС77: Latin look-alikes made Cyrillic

        #expect(permit.normalize("PO12345") == "P012345")
        #expect(russian.normalize("a123bc 77") == "А123ВС77")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func onnxRuntime() async throws {
        let bitmap = try rendered("Invoice 2024-117")

        // Example from Sources/OCRKitONNX/ONNXRuntime.swift
        let runtime = try ONNXRuntime.shared()
        let page = try await PPOCREngine().read(bitmap)
        print(runtime.inferenceTime)   // the models' part of the time it took

        #expect(runtime.inferenceTime > .zero && !page.text.isEmpty)
    }

    @Test(.enabled(if: NDLOCRStandInModels.canBeMade, "needs ONNX Runtime and the onnx Python package in .deps/"))
    func ndlocrEngine() async throws {
        let models = try NDLOCRStandInModels(detections: [(NDLOCRStandInModels.line, [0.1, 0.1, 0.5, 0.2], 0.9, 3)])
        let ndlocrModels = models.folder.path
        let bitmap = Bitmap(width: 200, height: 200, layout: .gray, pixels: [UInt8](repeating: 128, count: 40_000), image: "grey")

        // Example from Sources/OCRKitONNX/NDLOCREngine.swift
        let engine = try NDLOCREngine(configuration: .init(models: ndlocrModels))   // NDLOCR-Lite's src/model
        let page = try await engine.read(bitmap, options: RecognitionOptions(languages: ["jpn"]))

        #expect(page.engine.name == "ndlocr")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func ppocrEngine() async throws {
        let bitmap = try rendered("Invoice 2024-117")

        // Example from Sources/OCRKitONNX/PPOCREngine.swift
        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: PPOCRModelSet.installedFolder(named: "v4")))
        let page = try await engine.read(bitmap, options: RecognitionOptions())

        // PP-OCR's detector may find the words as lines of their own.
        #expect(page.text.split(whereSeparator: \.isWhitespace) == ["Invoice", "2024-117"])
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func ppocrModelSet() async throws {
        // Example from Sources/OCRKitONNX/PPOCRModelSet.swift
        let tiny = try PPOCRModelSet(folder: PPOCRModelSet.installedFolder(named: "v6-tiny"))
        print(tiny.family)   // PP-OCRv6 tiny
        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: tiny.folder))

        #expect(engine.info.version == "PP-OCRv6 tiny")
        #expect(try await engine.read(try rendered("Invoice 2024-117"), options: RecognitionOptions()).text.contains("2024-117"))
    }

    @Test func layoutBenchmark() async throws {
        // Example from Sources/OCRKitBench/LayoutBenchmark.swift
        try await LayoutBenchmark(pageCount: 4).run { print($0) }

        // Each engine's order, then OCRKit's layout on the same read: the layout never reads worse.
        let rows = printed.lines.filter { $0.hasPrefix("tesseract --psm") }
        #expect(rows.count >= 2)
        for row in rows {
            let errors = row.split(separator: " ").suffix(2).compactMap { Double($0) }
            #expect(errors.count == 2 && errors[1] <= errors[0], "\(row)")
        }
    }

    @Test(.enabled(if: SharedData.isAvailable("openalpr_plates") || FileManager.default.fileExists(
        atPath: "../shared/datasets/openalpr_plates/boxes.tsv"), SharedData.missingReason))
    func liveBenchmark() async throws {
        // Example from Sources/OCRKitBench/LiveBenchmark.swift
        let engine = try EngineSettings(.auto).frameEngine()
        var benchmark = LiveBenchmark(boxes: "../shared/datasets/openalpr_plates/boxes.tsv", engine: engine)
        benchmark.limit = 2
        try await benchmark.run { print($0) }

        #expect(printed.line(startingWith: "sign's text reported")?.hasSuffix("in 0 sequences") == true)
        #expect(printed.line(startingWith: "duplicate reports")?.hasSuffix(" 0") == true)
        // What a frame cost: milliseconds, then the user and system seconds.
        let cost = try #require(printed.line(startingWith: "processor time"))
        #expect(Double(cost.split(separator: " ", omittingEmptySubsequences: true)[2]).map { $0 > 0 } == true, "\(cost)")
    }

    @Test func processorTime() async throws {
        let benchmark = LayoutBenchmark(pageCount: 1)
        // Example from Sources/OCRKitBench/ProcessorTime.swift
        let before = ProcessorTime.ofThisProcess()
        try await benchmark.run { print($0) }
        let spent = ProcessorTime.ofThisProcess() - before   // spent.user, spent.system in seconds

        #expect(spent.user > 0 && spent.system >= 0 && spent.total >= spent.user, "\(spent)")
    }

    @Test(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason))
    func queueBenchmark() async throws {
        let benchDatabase = try await #require(PostgresServer.shared).makeDatabase()
        // Example from Sources/OCRKitBench/QueueBenchmark.swift
        var benchmark = QueueBenchmark(pathCount: 10_000, itemCount: 1_000)
        benchmark.postgresURL = benchDatabase   // postgres://ocr@localhost/ocr_bench, a database of its own
        try await benchmark.run { print($0) }
    }

    @Test(.enabled(if: SharedData.isAvailable("uw3_lines"), SharedData.missingReason))
    func readBenchmark() async throws {
        let ocrPath = BuiltProducts.ocr

        // Example from Sources/OCRKitBench/ReadBenchmark.swift
        var benchmark = ReadBenchmark(manifest: "../shared/datasets/uw3_lines/manifest.tsv", ocr: ocrPath)
        benchmark.contenders = [ReadBenchmark.Contender(.tesseract)]
        benchmark.limit = 4
        try await benchmark.run { print($0) }

        // ocr's row: images a second, then the CER of clean scanned lines.
        let row = try #require(printed.line(startingWith: "ocr tesseract "))
        let cer = try #require(Double(row.split(separator: " ")[3]))
        #expect(cer < 0.05, "\(row)")
        #expect(printed.line(startingWith: "ocr tesseract vs tesseract best") != nil)
    }

    @Test(.enabled(if: SharedData.isAvailable("sroie"), SharedData.missingReason))
    func straighteningBenchmark() async throws {
        // Example from Sources/OCRKitBench/StraighteningBenchmark.swift
        var benchmark = StraighteningBenchmark(manifest: "../shared/datasets/sroie/manifest.tsv", settings: EngineSettings(.tesseract))
        benchmark.limit = 2
        try await benchmark.run { print($0) }

        #expect(printed.line(startingWith: "pages found")?.hasPrefix("pages found 2/2") == true)
    }
}
