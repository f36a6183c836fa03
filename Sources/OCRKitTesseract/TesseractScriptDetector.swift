internal import CTesseract
import Foundation
import OCRKit

/// Tells which script an image's text is in with Tesseract's orientation and script detection
/// (`osd.traineddata`, Debian's tesseract-ocr-osd): a page's, or a single line's.
///
/// It tells scripts apart, not the languages written in one: a German page is Latin, as an
/// English one is. Japanese (kana among Han) is told from Chinese, and Korean by its Hangul.
///
/// ```swift
/// let detector = try TesseractScriptDetector()
/// if let found = try await detector.script(of: bitmap) {
///     print(found.script, found.confidence)   // cyrillic 0.62
/// }
/// ```
public final class TesseractScriptDetector: ScriptDetector {
    /// Fewer characters than this, and the detector does not say. Tesseract's own minimum is
    /// 50, a page's worth; a single line of a dozen characters is told right by it too.
    public let minimumCharacters: Int
    private let workers: BlockingWorkerPool<TesseractSession>

    /// - Parameter configuration: where the language data is and how many workers detect at once;
    ///   its page segmentation mode is not used.
    /// - Throws: ``OCRKit/OCRError/Code/engineUnavailable`` when `osd.traineddata` is not installed.
    public init(configuration: TesseractConfiguration = TesseractConfiguration(), minimumCharacters: Int = 10) throws {
        guard let dataPath = configuration.resolvedDataPath(),
              FileManager.default.fileExists(atPath: (dataPath as NSString).appendingPathComponent("osd.traineddata")) else {
            throw OCRError(.engineUnavailable, reason: "Tesseract's script detection data (osd.traineddata) is not installed: "
                + "apt-get install tesseract-ocr-osd")
        }
        self.minimumCharacters = minimumCharacters
        workers = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-tesseract-script") {
            try TesseractSession(dataPath: dataPath)
        }
    }

    public func script(of bitmap: Bitmap) async throws -> ScriptDetection? {
        let minimum = minimumCharacters
        return try await workers.run { session in
            try session.orientationAndScript(of: bitmap, minimumCharacters: minimum)?.1
        }
    }
}
