import Foundation
import OCRKit
import Synchronization

/// NDLOCR-Lite (the National Diet Library's OCR for Japanese documents) on ONNX Runtime: its
/// layout detector finds the lines, horizontal or vertical, and its cascade of three PARSeq
/// recognisers reads them.
///
/// The models are not distributed with OCRKit: point ``Configuration/models`` at a copy of
/// NDLOCR-Lite's `src/model` folder; the character set (`NDLmoji.yaml`) and classes (`ndl.yaml`)
/// are found beside the models or in the `config` folder next to them. The models load on first
/// use and are shared by every worker.
///
/// ```swift
/// let engine = try NDLOCREngine(configuration: .init(models: ndlocrModels))   // NDLOCR-Lite's src/model
/// let page = try await engine.read(bitmap, options: RecognitionOptions(languages: ["jpn"]))
/// ```
public final class NDLOCREngine: OCREngine {
    public struct Configuration: Sendable {
        /// The folder holding the layout model (`deim-*.onnx`) and the three line models (`parseq-*.onnx`).
        public var models: String
        /// `NDLmoji.yaml`; `nil` looks beside the models, then in `../config` from them.
        public var charset: String?
        /// `ndl.yaml`; `nil` looks beside the models, then in `../config` from them.
        public var classes: String?
        /// ONNX Runtime's library; `nil` searches ``ONNXRuntime/searchPaths``.
        public var libraryPath: String?
        /// How many images are read at once.
        public var jobs: Int
        /// Threads each model run uses; by default the cores are shared out between the workers.
        public var threadsPerRun: Int

        /// `ndlocr` in the first of ``OCRKit/DataFolders``' places that has it (else in the
        /// user's): where a copy of NDLOCR-Lite's models may be put instead of giving ``models``.
        public static var installedModels: String {
            DataFolders.standard().model("ndlocr")
        }

        public init(models: String = installedModels, charset: String? = nil, classes: String? = nil,
                    libraryPath: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.models = models
            self.charset = charset
            self.classes = classes
            self.libraryPath = libraryPath
            self.jobs = jobs
            threadsPerRun = max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, jobs))
        }
    }

    /// NDLOCR-Lite reads Japanese, and the Latin letters and digits in Japanese documents.
    public static let scripts: Set<Script> = [.kana, .han, .latin]

    public let info = EngineInfo(name: "ndlocr", version: "NDLOCR-Lite")
    public let configuration: Configuration
    private let files: ModelFiles
    private let models: Mutex<Models?> = Mutex(nil)
    private let workers: BlockingWorkerPool<Void>

    /// - Throws: ``OCRError`` naming what is missing: the folder, a model, the character set or
    ///   the classes (the models load on first use).
    public init(configuration: Configuration = Configuration()) throws {
        files = try ModelFiles(configuration)
        self.configuration = configuration
        workers = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-ndlocr") {}
    }

    public func checkSupport(of options: RecognitionOptions) throws {
        try options.checkScripts(Self.scripts, engine: "ndlocr", instead: "read them with --engine tesseract or auto")
        guard options.allowedCharacters == nil else {
            throw OCRError(.invalidOption, reason: "ndlocr cannot limit the characters it reads (--allow): its recognisers read freely")
        }
    }

    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        try await workers.run { [self] _ in try readPage(bitmap, options: options) }
    }

    /// The files an engine reads, found when it is made so that a missing one is named at once.
    private struct ModelFiles: Sendable {
        var detector: String
        var recognizers: [String]
        var charset: String
        var classes: String

        init(_ configuration: Configuration) throws {
            let folder = URL(fileURLWithPath: configuration.models)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            } catch {
                throw OCRError(.fileNotFound, path: folder.path, reason: "no NDLOCR-Lite model folder here: "
                    + "give the folder of a copy of NDLOCR-Lite's models (its src/model) with --models", underlyingError: error)
            }
            let detectors = names.filter { $0.hasPrefix("deim") && $0.hasSuffix(".onnx") }
            recognizers = names.filter { $0.hasPrefix("parseq") && $0.hasSuffix(".onnx") }.map { folder.appendingPathComponent($0).path }
            guard detectors.count == 1, recognizers.count == 3 else {
                throw OCRError(.fileNotFound, path: folder.path, reason: "NDLOCR-Lite needs one layout model (deim-*.onnx) and "
                    + "three line models (parseq-*.onnx); this folder has \(detectors.count) and \(recognizers.count)")
            }
            detector = folder.appendingPathComponent(detectors[0]).path
            func find(_ name: String, given: String?) throws -> String {
                let candidates = given.map { [$0] } ?? [folder.appendingPathComponent(name).path,
                                                        folder.deletingLastPathComponent().appendingPathComponent("config/\(name)").path]
                guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                    throw OCRError(.fileNotFound, path: candidates[0], reason: "NDLOCR-Lite's \(name) not found (looked in "
                        + "\(candidates.joined(separator: ", ")))")
                }
                return found
            }
            charset = try find("NDLmoji.yaml", given: configuration.charset)
            classes = try find("ndl.yaml", given: configuration.classes)
        }
    }

    /// The loaded models, shared by every worker.
    private struct Models {
        var detector: NDLOCRLayoutDetector
        var cascade: NDLOCRCascade
    }

    /// Loads the models the first time, on a worker thread.
    private func loadedModels() throws -> Models {
        try models.withLock { models in
            if let models { return models }
            let runtime = try ONNXRuntime.shared(libraryPath: configuration.libraryPath)
            func session(_ path: String) throws -> ONNXSession {
                try ONNXSession(runtime: runtime, model: path, threads: configuration.threadsPerRun)
            }
            let charset = try NDLOCRCharset(contentsOf: files.charset)
            let loaded = Models(
                detector: try NDLOCRLayoutDetector(session: session(files.detector), classes: NDLOCRClasses(contentsOf: files.classes)),
                cascade: try NDLOCRCascade(recognizers: files.recognizers.map { try NDLOCRRecognizer(session: session($0), charset: charset) }))
            models = loaded
            return loaded
        }
    }

    private func readPage(_ bitmap: Bitmap, options: RecognitionOptions) throws -> Page {
        let models = try loadedModels()
        let region = options.regionOfInterest.map { $0.scaled(width: Double(bitmap.width), height: Double(bitmap.height)) }
        let detections = Self.readingOrder(try models.detector.lines(in: bitmap).filter { detection in
            region?.contains(Point(x: detection.box.midX, y: detection.box.midY)) ?? true
        })
        let lines = try detections.compactMap { detection -> Line? in
            // Lines running down the page read across once turned a quarter counter-clockwise.
            let quad = detection.isVertical ? detection.box.quad.turned(1) : detection.box.quad
            let read = try models.cascade.read(quad, lengthClass: detection.lengthClass, in: bitmap,
                                              alternativeCount: max(1, options.alternativeCount))
            guard !read.characters.isEmpty else { return nil }
            let confidence = read.characters.map(\.confidence).reduce(0, +) / Double(read.characters.count)
            return Line(reading: read.characters, confidence: confidence, along: quad, imageWidth: bitmap.width,
                        imageHeight: bitmap.height, alternativeCount: options.alternativeCount)
        }
        return Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: info, lines: lines)
    }

    /// Japanese reading order: when most lines run down the page, columns from right to left and
    /// each from the top; otherwise rows from the top and each from the left.
    static func readingOrder(_ detections: [NDLOCRLayoutDetector.Detection]) -> [NDLOCRLayoutDetector.Detection] {
        let vertical = detections.filter(\.isVertical).count * 2 > detections.count
        return detections.sorted { a, b in
            vertical ? (-a.box.maxX, a.box.minY) < (-b.box.maxX, b.box.minY) : (a.box.minY, a.box.minX) < (b.box.minY, b.box.minX)
        }
    }
}
