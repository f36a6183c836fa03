import Foundation
import Logging
import OCRKit
import OCRKitStraighten
import OCRKitONNX
import OCRKitTesseract

/// Which engine reads and how it is set up: the one place that builds OCRKit's engines and
/// holds the policies that choose between them, for `ocr` and for your code alike.
///
/// ```swift
/// var settings = EngineSettings(.auto)
/// settings.jobs = 2
/// let engine = try settings.pageEngine()        // PP-OCR and Tesseract, line by line
/// let frames = try settings.frameEngine()       // PP-OCR for small regions, else Tesseract
/// ```
///
/// What cannot be had is said once, through ``logger``: `auto` without ONNX Runtime reads with
/// Tesseract alone and logs a warning saying why.
///
/// `auto` combines PP-OCR and Tesseract line by line (``OCRKit/LineCombiningEngine``), with
/// confidences calibrated on ../shared/datasets' first halves and thresholds chosen there
/// (docs/engines.md, "auto"): where both read a line, Tesseract's reading replaces PP-OCR's when its
/// words are likelier right by 0.05; a line only PP-OCR saw is kept at 0.4 and one only
/// Tesseract saw at 0.5. A page Tesseract is sure of, every line at 0.9, it reads alone: on the
/// second halves, 83% of scanned lines (CER 0.0067 -> 0.0038), and no receipt, photo or plate.
public struct EngineSettings: Sendable {
    public var choice: EngineChoice
    /// The ONNX engines' models: for PP-OCR, the name of a set `ocr models install` fetches
    /// (``OCRKitONNX/PPOCRModelSet/installedNames``; the first by default) or a set's folder; for
    /// NDLOCR-Lite, a copy of its `src/model`.
    public var models: String?
    /// How Tesseract segments pages.
    public var pageSegmentationMode: PageSegmentationMode = .auto
    /// Whether PP-OCR checks each line for being upside down before reading it.
    public var classifiesOrientation = false
    /// How many images are read at once.
    public var jobs: Int
    /// Where warnings about engines that could not be had go.
    public var logger: Logger

    public init(_ choice: EngineChoice = .auto, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                logger: Logger = Logger(label: "ocrkit")) {
        self.choice = choice
        self.jobs = jobs
        self.logger = logger
    }

    /// The engine for pages: documents, receipts, photos. Pages read without languages are read
    /// in a language of their script, and pages found sideways or upside down are read upright
    /// (``ScriptAwareEngine``), by every engine but NDLOCR-Lite, which reads Japanese.
    ///
    /// - Throws: an ``OCRKit/OCRError`` when the chosen engine cannot be had (for `auto`, when
    ///   Tesseract cannot).
    public func pageEngine() throws -> any OCREngine {
        switch choice {
        case .tesseract:
            let tesseract = try tesseract(pageSegmentationMode)
            return byScript(TesseractPageEngine(tesseract), tesseract: tesseract, doubt: .tesseract)
        case .ppocr:
            return byScript(try ppocr(), tesseract: try? tesseract(pageSegmentationMode), doubt: .ppocr)
        case .ndlocr:
            var configuration = NDLOCREngine.Configuration(jobs: jobs)
            if let models { configuration.models = models }
            return try NDLOCREngine(configuration: configuration)
        case .auto:
            let secondary = try tesseract(pageSegmentationMode)
            do {
                return byScript(LineCombiningEngine(
                    primary: .init(try ppocr(), calibration: .ppocr, unsharedLineThreshold: 0.4),
                    secondary: .init(TesseractPageEngine(secondary), calibration: .tesseract, unsharedLineThreshold: 0.5,
                                     sureLineThreshold: 0.9)),
                    tesseract: secondary, doubt: .ppocr)
            } catch {
                logger.warning("pages will be read by Tesseract alone: \(error)")
                return byScript(TesseractPageEngine(secondary), tesseract: secondary, doubt: .tesseract)
            }
        }
    }

    /// `engine`, reading pages without languages in a language of their script; `engine` as it
    /// is, reading English unless told, when Tesseract or its script detection cannot be had
    /// (said through ``logger``). `doubt` is `engine`'s (``ScriptAwareEngine/Doubt``).
    private func byScript(_ engine: any OCREngine, tesseract: TesseractEngine?, doubt: ScriptAwareEngine.Doubt) -> any OCREngine {
        do {
            guard let tesseract else {
                throw OCRError(.engineUnavailable, reason: "Tesseract, which reads the scripts PP-OCR does not, cannot be had")
            }
            let configuration = TesseractConfiguration(jobs: jobs)
            return ScriptAwareEngine(engine: engine, installedLanguages: tesseract.installedLanguages, reader: tesseract,
                                     detector: try TesseractScriptDetector(configuration: configuration),
                                     orientationDetector: try TesseractOrientationDetector(configuration: configuration),
                                     doubt: doubt, logger: logger)
        } catch {
            logger.warning("pages will be read in English unless their languages are given: \(error)")
            return engine
        }
    }

    /// The engine for the frames of a live feed: small regions of sparse text, read many times a
    /// second. `auto` is PP-OCR where it reads `script` (Latin, Han, kana), else Tesseract.
    ///
    /// - Parameter script: the script of the text sought (``OCRKitLive/TextPattern/script``).
    /// - Throws: an ``OCRKit/OCRError`` when the chosen engine cannot be had.
    public func frameEngine(reading script: Script = .latin) throws -> any OCREngine {
        // A region of a frame is small: enlarged to 736 pixels, as for a page, it was read 3.7
        // times slower for one plate more in 219 (`ocr bench live`: 6.7 against 25.2 frames a
        // second, plates 0.699 against 0.694); at 320 a scanner keeps up with 10 frames a second.
        let ppocr = { try self.ppocr(minimumDetectionSide: 320, detectorKeepsMemory: true) }
        switch choice {
        case .ppocr:
            return try ppocr()
        case .tesseract:
            return try tesseract(.sparseText)
        case .ndlocr:
            return try pageEngine()
        case .auto:
            do {
                let engine = try ppocr()
                if (try? engine.checkSupport(of: RecognitionOptions(languages: [script.defaultLanguage]))) != nil { return engine }
            } catch {
                logger.warning("reading with Tesseract: \(error)")
            }
            return try tesseract(.sparseText)
        }
    }

    /// The recogniser that gives a live scanner a second opinion on the plate it keeps
    /// (``OCRKitLive/LiveScanner/init(engine:secondOpinion:configuration:)``): PP-OCR's of model
    /// set `models` (`v4`, `v6-tiny`: trained apart from the frame engine's, so erring apart), or
    /// the folder of another.
    ///
    /// - Throws: an ``OCRKit/OCRError`` when ONNX Runtime or the models cannot be had.
    public func secondOpinion(models: String) throws -> any LineRecognizer {
        var settings = self
        settings.models = models
        return try settings.ppocr()
    }

    /// What straightens photos of pages before they are read: a ``OCRKitStraighten/PageStraightener`` that
    /// turns pages upright with Tesseract's orientation detection, or leaves them as they are
    /// turned (with a warning) when that is not installed.
    public func straightener() -> PageStraightener {
        let configuration = PageStraightener.Configuration(jobs: jobs)
        do {
            return PageStraightener(configuration: configuration, orientationDetector: try TesseractOrientationDetector(
                configuration: TesseractConfiguration(jobs: jobs)))
        } catch {
            logger.warning("photos will not be turned upright: \(error)")
            return PageStraightener(configuration: configuration)
        }
    }

    /// The languages the engines read here, in Tesseract's codes (``OCRKit/Language``): those
    /// whose data is installed, without `osd`, its script detection's.
    public var installedLanguages: [String] {
        TesseractConfiguration(jobs: 1).installedLanguages.filter { $0 != "osd" }
    }

    private func tesseract(_ mode: PageSegmentationMode) throws -> TesseractEngine {
        try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: mode, jobs: jobs))
    }

    /// PP-OCR, once ONNX Runtime is known to load: its models load on first use, too late to choose.
    private func ppocr(minimumDetectionSide: Int? = nil, detectorKeepsMemory: Bool = false) throws -> PPOCREngine {
        var configuration = PPOCREngine.Configuration(jobs: jobs)
        if let models { configuration.models = PPOCRModelSet.folder(for: models) }
        configuration.classifiesOrientation = classifiesOrientation
        if let minimumDetectionSide { configuration.minimumDetectionSide = minimumDetectionSide }
        configuration.detectorKeepsMemory = detectorKeepsMemory
        let engine = try PPOCREngine(configuration: configuration)
        _ = try ONNXRuntime.shared()
        return engine
    }
}
