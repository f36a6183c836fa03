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
/// own text gives them: without the spaces between the words it finds.
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
        let mode = configuration.pageSegmentationMode, info = self.info
        return try await workers.run { sessions in
            let session = try sessions.session(for: options.languages)
            let page = try session.recognize(bitmap, options: options, mode: mode, engine: info)
            // An image of one line is read as one line too, as the tesseract command is with
            // --psm 7: where page segmentation found no line or several (pieces of it, its wear),
            // that reading is kept; where it found one, the more legible.
            if mode == .auto, bitmap.isOneLine {
                let line = try session.recognize(bitmap, options: options, mode: .singleLine, engine: info)
                return page.lines.count != 1 || line.legibility > page.legibility ? line : page
            }
            guard mode == .auto, Self.breaksIntoPieces(page, of: bitmap, options: options) else { return page }
            let column = try session.recognize(bitmap, options: options, mode: .singleColumn, engine: info)
            return column.legibility > page.legibility ? column : page
        }
    }

    /// Whether Tesseract's page segmentation has likely broken a page of Korean into pieces: its
    /// syllables line up from line to line, and the gaps between them were taken for the gutters
    /// of columns (pages of 20 lines came out in 22 to 59 pieces of 4 to 7 letters, at a CER of
    /// 0.54; read as one column, in 20 lines of 14 to 17, at 0.008, the tesseract command
    /// with --psm 4 the same). Such a page is read again as one column, and the reading that
    /// reads more, more confidently, kept. A line of Korean alone in an image it reads as nothing
    /// at all (a country's name in 6 of 12), and as one column, right: an image of one line
    /// (``OCRKit/Bitmap/isOneLine``) is read as a line before it gets here, a larger one again.
    /// Page segmentation also drops whole lines of Korean, as pictures: a page of six lines
    /// spaced apart came out in four and a piece (the tesseract command the same; with --psm 4,
    /// all six), leaving more than ``unreadHangulInk`` of its ink outside the lines read.
    static func breaksIntoPieces(_ page: Page, of bitmap: Bitmap, options: RecognitionOptions) -> Bool {
        guard options.languages.contains(where: { Language($0).scripts.contains(.hangul) }) else { return false }
        if page.lines.isEmpty { return true }
        if bitmap.inkShare(outsideMarginsOf: page.lines) > unreadHangulInk { return true }
        guard page.lines.count >= 3 else { return false }
        let letters = page.lines.map { $0.text.filter { $0.isLetter || $0.isNumber }.count }.reduce(0, +)
        return Double(letters) / Double(page.lines.count) < 8
    }

    /// The share of a Korean page's ink that page segmentation may leave outside the lines it
    /// read before the page is read again as one column: specks and rules, not a line.
    static let unreadHangulInk = 0.1
}
