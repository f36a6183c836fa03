internal import CTesseract
import Foundation
import OCRKit

/// Tesseract, through its C API: good on clean scans of printed text.
///
/// Each worker thread owns its own Tesseract instances, one for each set of languages it reads
/// in (``TesseractSessions``), made on first use and never shared;
/// calls wait for a free worker, and Tesseract's own OpenMP threads are kept out of the way
/// (see `OpenMP`). Languages are any installed `.traineddata` (English when none is given);
/// asking for a missing one throws an error that names its package and lists what is installed.
/// Lines of scripts written without spaces (Chinese, Japanese, Thai) come out as Tesseract's
/// own text gives them: without the spaces between the words it finds. Pages are read in the
/// engine's page segmentation mode, as Tesseract finds them; `TesseractPageEngine` in
/// `OCRKitEngines`, which `ocr` reads with, reads them again where that is known to fail.
///
/// ```swift
/// let engine = try TesseractEngine(configuration: TesseractConfiguration(jobs: 2))
/// var options = RecognitionOptions(languages: ["eng"])
/// options.allowedCharacters = "0123456789"
/// let page = try await engine.read(bitmap, options: options)
/// ```
public final class TesseractEngine: OCREngine {
    public let info: EngineInfo
    public let configuration: TesseractConfiguration
    /// The folder of language data in use.
    public let dataPath: String
    /// The name of Tesseract's readings (``OCRKit/Page/engine``), whichever of its types read them.
    public static let name = "tesseract"
    let workers: BlockingWorkerPool<TesseractSessions>

    /// - Throws: ``OCRError/Code/engineUnavailable`` when no language data is found.
    public init(configuration: TesseractConfiguration = TesseractConfiguration()) throws {
        guard let dataPath = configuration.resolvedDataPath() else {
            throw OCRError(.engineUnavailable, reason: "no Tesseract language data found (looked in $TESSDATA_PREFIX and "
                + "\(TesseractConfiguration.systemDataPaths.joined(separator: ", "))); install tesseract-ocr-eng")
        }
        self.configuration = configuration
        self.dataPath = dataPath
        installedLanguages = configuration.installedLanguages
        info = EngineInfo(name: Self.name, version: String(cString: TessVersion()))
        _ = Self.silenceLeptonica
        workers = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-tesseract") {
            TesseractSessions(dataPath: dataPath)
        }
    }

    /// Leptonica, which Tesseract reads images with, prints its own complaints to standard error
    /// ("Error in boxClipToRectangle") even when Tesseract recovers; they would interleave with a
    /// tool's output. Its severity threshold is process-wide, so it is set once.
    private static let silenceLeptonica: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()

    /// The languages whose data is installed, such as `["eng", "osd", "script/Cyrillic"]`, as
    /// found when the engine was made: every image's options are checked against them.
    public let installedLanguages: [String]

    public func checkSupport(of options: RecognitionOptions) throws {
        let missing = options.languages.filter { !installedLanguages.contains($0) }
        guard missing.isEmpty else {
            let packages = missing.map { Language($0).package }
            throw OCRError(.invalidOption, reason: "the Tesseract language\(missing.count == 1 ? "" : "s") "
                + "\(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not installed: "
                + "apt-get install \(packages.joined(separator: " ")) (installed in \(dataPath): "
                + "\(installedLanguages.joined(separator: ", ")))")
        }
    }

    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        try await recognize(bitmap, options: options, segmentation: configuration.pageSegmentationMode)
    }

    /// Recognises the text of `bitmap` as ``recognize(_:options:)`` does, its page segmented in
    /// `segmentation` mode whatever the engine's: how a policy reads a page again where page
    /// segmentation is known to fail (`TesseractPageEngine` in `OCRKitEngines`: an image of one
    /// line as a line, a page of Korean as one column).
    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions, segmentation: PageSegmentationMode) async throws -> Page {
        let info = self.info
        return try await workers.run { sessions in
            try sessions.session(for: options.languages).recognize(bitmap, options: options, mode: segmentation, engine: info)
        }
    }
}
