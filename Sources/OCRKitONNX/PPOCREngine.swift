import Foundation
import OCRKit
import Synchronization

/// PP-OCR (a text detector and a line recogniser) on ONNX Runtime: reads photos of receipts, signs
/// and scenes far better than Tesseract, and finds text at any angle, with a PP-OCR model set
/// (``PPOCRModelSet``): PP-OCRv6 small by default, v6 tiny, v4, or another exported alike.
///
/// The models are loaded once, on first use, and shared by every worker; ONNX Runtime's blocking
/// calls run on the engine's own threads.
///
/// ```swift
/// let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: PPOCRModelSet.installedFolder(named: "v4")))
/// let page = try await engine.read(bitmap, options: RecognitionOptions())
/// ```
public final class PPOCREngine: LineRecognizer {
    public struct Configuration: Sendable {
        /// The folder of a PP-OCR model set (``PPOCRModelSet``): a detector, a recogniser and,
        /// for the orientation classifier, a classifier.
        public var models: String
        /// ONNX Runtime's library; `nil` searches ``ONNXRuntime/searchPaths``.
        public var libraryPath: String?
        /// How many images are read at once.
        public var jobs: Int
        /// Threads each model run uses. By default the cores are shared out between the workers:
        /// on 2 cores, two workers of one thread each read receipts 7% faster than one worker of
        /// two threads, and two of two threads 34% slower.
        public var threadsPerRun: Int
        /// How many pages the detector reads at once, half the workers by default (one at
        /// least); the others wait their turn, and workers recognise lines meanwhile. A detector
        /// run on a tall receipt takes 200 to 400 MB: on 2 cores, two at once read receipts in
        /// 1.1 to 1.5 GB at peak, as their runs happened to overlap, one at a time in 1.05 to
        /// 1.08 GB, at the same speed.
        public var concurrentDetections: Int
        /// Lines read in each run of the recogniser; see ``PPOCRRecognizer/batchSize``.
        public var recognitionBatchSize = 1
        /// Whether lines are checked for being upside down, and turned, before they are read. Off
        /// by default: on receipts it turned more upright lines than it mended (word F1 0.638 ->
        /// 0.632) and on scene photos it gained 0.001, for 3% more time.
        public var classifiesOrientation = false
        /// The detector's input: images whose shorter side is smaller are enlarged to it, as
        /// RapidOCR does.
        public var minimumDetectionSide = 736
        /// The detector's input: images whose longer side is larger are reduced to it first, as
        /// RapidOCR does; large photos would otherwise take gigabytes.
        public var maximumDetectionSide = 2000
        /// The detector's input, in pixels: larger images are reduced to it first (before any
        /// enlargement to ``minimumDetectionSide``, which a line alone needs). A run takes about
        /// 200 bytes an input pixel for a moment: A4 pages scanned at 300 dpi, 2000 x 1414 pixels
        /// after ``maximumDetectionSide``, took 0.45 GB a run. Receipts 2000 pixels high and 840
        /// wide, the most common, are under the limit; on all 100 dev receipts word F1 was the
        /// same (0.8795) and the peak memory of two workers 0.61 GB rather than 0.91. At 1.2
        /// million pixels receipts lost 0.004 of word F1.
        public var maximumDetectionPixels = 1_700_000
        /// Lines read with less confidence than this are dropped, as RapidOCR does.
        public var minimumLineConfidence = 0.5
        /// Whether the detector keeps the memory of a run for the next (ONNX Runtime's arena and
        /// memory pattern) rather than giving it back to the system after each. Off for pages,
        /// of every size, whose runs take hundreds of megabytes for a moment; on for a camera's
        /// frames, small and all of one size, whose memory would otherwise be mapped, faulted in
        /// and unmapped again for every frame (see `EngineSettings.frameEngine()`).
        public var detectorKeepsMemory = false

        /// The default set `ocr models install` fetches (``PPOCRModelSet/installedNames``), found
        /// in ``OCRKit/DataFolders``' places.
        public static var installedModels: String { PPOCRModelSet.installedFolder(named: PPOCRModelSet.installedNames[0]) }

        public init(models: String = installedModels, libraryPath: String? = nil,
                    jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.models = models
            self.libraryPath = libraryPath
            self.jobs = jobs
            threadsPerRun = max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, jobs))
            concurrentDetections = max(1, jobs / 2)
        }
    }

    public let info: EngineInfo
    public let configuration: Configuration
    /// The models read with.
    public let modelSet: PPOCRModelSet
    /// The models, loaded for runs of ``Configuration/threadsPerRun`` threads and, once a page is
    /// read alone, for runs of as many threads as the machine has cores.
    private let models: Mutex<(shared: Models?, alone: Models?)> = Mutex((nil, nil))
    /// The pages being read now. A page read alone (one image, or the last of a batch) runs its
    /// models on every core, which the idle workers' share would leave idle: on 2 cores a receipt
    /// took 2.5 s rather than 3.8. ONNX Runtime fixes a session's threads, so a page alone runs
    /// on sessions of its own.
    private let pagesInFlight = Atomic<Int>(0)
    private let workers: BlockingWorkerPool<Void>
    /// Turns to run the detector, ``Configuration/concurrentDetections`` of them; waited for on
    /// the workers' own threads.
    private let detections: DispatchSemaphore

    /// - Throws: ``OCRError`` when the model set is missing or incomplete (the models load on
    ///   first use).
    public init(configuration: Configuration = Configuration()) throws {
        modelSet = try PPOCRModelSet(folder: configuration.models)
        if configuration.classifiesOrientation && modelSet.classifier == nil {
            throw OCRError(.fileNotFound, path: configuration.models,
                           reason: "this PP-OCR model set (\(modelSet.family)) has no orientation classifier (a *cls*.onnx file)")
        }
        self.configuration = configuration
        info = EngineInfo(name: "ppocr", version: modelSet.family, lineFinding: .textDetection)
        workers = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-ppocr") {}
        detections = DispatchSemaphore(value: max(1, configuration.concurrentDetections))
    }

    public func checkSupport(of options: RecognitionOptions) throws {
        try options.checkScripts(modelSet.scripts, engine: "ppocr (\(modelSet.family))",
                                 instead: "read them with --engine auto, which reads them with Tesseract")
    }

    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        try await workers.run { [self] _ in try inFlight { try readPage(bitmap, options: options) } }
    }

    /// Reads the lines along `quads` with the recogniser alone: where another engine found them.
    public func recognizeLines(along quads: [Quad], in bitmap: Bitmap, options: RecognitionOptions) async throws -> [Line?] {
        try await workers.run { [self] _ in
            try inFlight { try readLines(along: quads, in: bitmap, options: options, models: try loadedModels()) }
        }
    }

    /// `body`, counted among the pages being read while it runs.
    private func inFlight<T>(_ body: () throws -> T) rethrows -> T {
        pagesInFlight.add(1, ordering: .relaxed)
        defer { pagesInFlight.subtract(1, ordering: .relaxed) }
        return try body()
    }

    /// The loaded models, shared by every worker.
    private struct Models {
        var detector: ONNXSession
        var classifier: PPOCROrientationClassifier?
        var recognizer: PPOCRRecognizer
    }

    /// The models for the next run, loaded the first time, on a worker thread: for a page read
    /// alone as it starts, those of runs on every core.
    private func loadedModels() throws -> Models {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let alone = configuration.threadsPerRun < cores && pagesInFlight.load(ordering: .relaxed) <= 1
        return try models.withLock { models in
            if let loaded = alone ? models.alone : models.shared { return loaded }
            let loaded = try loadModels(threads: alone ? cores : configuration.threadsPerRun)
            if alone { models.alone = loaded } else { models.shared = loaded }
            return loaded
        }
    }

    /// The threads a run of the models loaded takes: for pages read beside others, and for a page
    /// read alone; `nil` for those not loaded. What tests look at.
    var runThreads: (shared: Int?, alone: Int?) {
        models.withLock { ($0.shared?.detector.threads, $0.alone?.detector.threads) }
    }

    private func loadModels(threads: Int) throws -> Models {
        let runtime = try ONNXRuntime.shared(libraryPath: configuration.libraryPath)
        // A page's detector runs once a page, on pages of every size, and takes hundreds of megabytes a run.
        func session(_ path: String, isDetector: Bool = false) throws -> ONNXSession {
            let releases = isDetector && !configuration.detectorKeepsMemory
            return try ONNXSession(runtime: runtime, model: path, threads: threads, plansMemory: !releases, releasesMemory: releases)
        }
        let classifier = configuration.classifiesOrientation ? modelSet.classifier : nil
        return Models(
            detector: try session(modelSet.detector, isDetector: true),
            classifier: try classifier.map { PPOCROrientationClassifier(session: try session($0)) },
            recognizer: try PPOCRRecognizer(session: try session(modelSet.recognizer), dictionary: modelSet.dictionary))
    }

    /// The lines along `quads`, as ``recognizeLines(along:in:options:)`` gives them.
    private func readLines(along quads: [Quad], in bitmap: Bitmap, options: RecognitionOptions, models: Models) throws -> [Line?] {
        var recognizer = models.recognizer
        recognizer.alternativeCount = max(1, options.alternativeCount)
        recognizer.batchSize = configuration.recognitionBatchSize
        recognizer.minimumInputWidth = modelSet.recognitionWidth
        let readings = try recognizer.recognize(quads, in: bitmap, allowedCharacters: options.allowedCharacters)
        return zip(quads, readings).map { quad, reading in
            guard !reading.text.trimmingCharacters(in: .whitespaces).isEmpty, reading.confidence >= configuration.minimumLineConfidence else {
                return nil
            }
            return Line(reading: reading.characters, confidence: reading.confidence, along: quad, imageWidth: bitmap.width,
                        imageHeight: bitmap.height, alternativeCount: options.alternativeCount)
        }
    }

    private func readPage(_ bitmap: Bitmap, options: RecognitionOptions) throws -> Page {
        var models = try loadedModels()
        let region = options.regionOfInterest.map { $0.scaled(width: Double(bitmap.width), height: Double(bitmap.height)) }
            ?? Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height))
        var quads = Self.turningColumns(try detect(in: bitmap, region: region, detector: models.detector))
        // Chosen again: another page may have come meanwhile, or gone.
        models = try loadedModels()
        if let classifier = models.classifier {
            quads = try classifier.upright(quads, in: bitmap)
        }
        let lines = try readLines(along: quads, in: bitmap, options: options, models: models).compactMap { $0 }
        return Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: info, lines: lines)
    }

    /// How many times taller than wide a line must be to be read as running down the page, as
    /// RapidOCR decides.
    static let verticalAspect = 1.5

    /// `quads`, those that run down the page turned a quarter, so that they read across.
    ///
    /// A line runs down the page when it is ``verticalAspect`` times taller than wide, as RapidOCR
    /// decides, and also taller than ``verticalAspect`` of the page's lines that run across
    /// are high, when it has some. A word of one or two narrow characters set apart in a line
    /// (a receipt's quantity, "4   1/4 Chicken") is taller than wide too, and reads across, as
    /// its line does: turned, it was misread, and the line it joined took its slant.
    static func turningColumns(_ quads: [Quad]) -> [Quad] {
        let rows = quads.filter { PPOCRRecognizer.aspect(of: $0) >= 1 }.map(\.leftEdgeLength).sorted()
        let rowHeight = rows.isEmpty ? 0 : rows[rows.count / 2]
        return quads.map { quad in
            let runsDown = PPOCRRecognizer.aspect(of: quad) < 1 / verticalAspect && quad.leftEdgeLength > verticalAspect * rowHeight
            return runsDown ? quad.turned(1) : quad
        }
    }

    /// Text boxes in `region` of the bitmap, in the bitmap's pixels, top to bottom and left to right.
    private func detect(in bitmap: Bitmap, region: Rect, detector: ONNXSession) throws -> [Quad] {
        let longer = max(region.width, region.height)
        let limited = min(1, Double(configuration.maximumDetectionSide) / longer,
                          (Double(configuration.maximumDetectionPixels) / (region.width * region.height)).squareRoot())
        // A line alone in an image (very wide, or very low) gets black bands above and below, as
        // RapidOCR letterboxes it: enlarged to the detector's shorter side as it is, it would be
        // tens of thousands of pixels wide.
        let lineAlone = region.height * limited <= 30 || region.width / region.height > 8
        let padding = lineAlone ? (max(region.width * limited / 8, 30) * 2 / limited - region.height) / 2 : 0
        let framed = Rect(x: region.minX, y: region.minY - padding, width: region.width, height: region.height + 2 * padding)
        let shorter = min(framed.width, framed.height) * limited
        let scale = limited * (shorter < Double(configuration.minimumDetectionSide) ? Double(configuration.minimumDetectionSide) / shorter : 1)
        let width = max(32, Int((framed.width * scale / 32).rounded()) * 32)
        let height = max(32, Int((framed.height * scale / 32).rounded()) * 32)
        // Black, as the detector sees it, wherever the region is not.
        var input = modelSet.detectorFormat.blackPlanes(count: width * height)
        let top = Int((padding * Double(height) / framed.height).rounded())
        bitmap.sample(region.quad, width: width, height: max(1, height - 2 * top), format: modelSet.detectorFormat, into: &input,
                      at: InputPlacement.image(width: width, height: height).down(top))
        let boxes = try detectionTurn {
            try detector.run([detector.inputNames[0]: Tensor(shape: [1, 3, height, width], values: input)]) { outputs in
                guard let map = outputs[detector.outputNames[0]], map.element == .float, map.floats.count == width * height else {
                    throw OCRError(.engineFailure, path: bitmap.image, reason: "the detector gave an unexpected output")
                }
                return modelSet.boxes.boxes(in: map.floats, width: width, height: height)
            }
        }
        // From the map's pixels back to the bitmap's.
        let scaleX = framed.width / Double(width), scaleY = framed.height / Double(height)
        let quads = boxes.map { box in
            box.quad.map { Point(x: framed.minX + $0.x * scaleX, y: framed.minY + $0.y * scaleY) }
        }
        return Self.readingOrder(quads)
    }

    /// Runs `body` in one of the detector's turns, waiting for one on this worker's thread, and
    /// gives the memory the run freed back to the system before the next turn, unless the
    /// detector keeps it.
    private func detectionTurn<T>(_ body: () throws -> T) rethrows -> T {
        detections.wait()
        defer {
            if !configuration.detectorKeepsMemory { FreedMemory.handle() }
            detections.signal()
        }
        return try body()
    }

    /// Top to bottom, and left to right within a row, as RapidOCR sorts boxes.
    static func readingOrder(_ quads: [Quad]) -> [Quad] {
        var sorted = quads.sorted { ($0.topLeft.y, $0.topLeft.x) < ($1.topLeft.y, $1.topLeft.x) }
        guard sorted.count > 1 else { return sorted }
        for index in 1..<sorted.count {
            var position = index
            while position > 0, abs(sorted[position].topLeft.y - sorted[position - 1].topLeft.y) < 10,
                  sorted[position].topLeft.x < sorted[position - 1].topLeft.x {
                sorted.swapAt(position, position - 1)
                position -= 1
            }
        }
        return sorted
    }
}
