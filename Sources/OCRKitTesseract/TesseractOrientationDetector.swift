import Foundation
import OCRKit

/// Tells which way up a page's text is with Tesseract's orientation and script detection
/// (`osd.traineddata`, Debian's tesseract-ocr-osd), so that ``OCRKit/ImageCorrector``s such as
/// `Dewarper` can turn pages photographed sideways or upside down.
///
/// ```swift
/// let detector = try TesseractOrientationDetector()
/// if let orientation = try await detector.orientation(of: bitmap), orientation.confidence > 0.5 {
///     bitmap = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
/// }
/// ```
public final class TesseractOrientationDetector: OrientationDetector {
    private let workers: BlockingWorkerPool<TesseractSession>

    /// - Parameter configuration: where the language data is and how many workers detect at once;
    ///   its page segmentation mode is not used.
    /// - Throws: ``OCRError/Code/engineUnavailable`` when `osd.traineddata` is not installed.
    public init(configuration: TesseractConfiguration = TesseractConfiguration()) throws {
        guard let dataPath = configuration.resolvedDataPath(),
              FileManager.default.fileExists(atPath: (dataPath as NSString).appendingPathComponent("osd.traineddata")) else {
            throw OCRError(.engineUnavailable, reason: "Tesseract's orientation data (osd.traineddata) is not installed; install tesseract-ocr-osd")
        }
        workers = BlockingWorkerPool(count: max(1, configuration.workerCount), name: "ocrkit-tesseract-osd") {
            try TesseractSession(dataPath: dataPath)
        }
    }

    public func orientation(of bitmap: Bitmap) async throws -> TextOrientation? {
        try await workers.run { session in try session.orientation(of: bitmap) }
    }
}
