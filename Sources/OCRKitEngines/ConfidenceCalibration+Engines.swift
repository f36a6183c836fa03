import OCRKit
import OCRKitTesseract

extension ConfidenceCalibration {
    /// Tesseract's word confidences, measured on the first half of each set in ../shared/datasets
    /// (receipts, scene photos, scanned lines): the share of words read at each confidence that
    /// are in the truth.
    public static let tesseract = ConfidenceCalibration([
        (0.054, 0.16), (0.319, 0.22), (0.505, 0.43), (0.647, 0.51), (0.750, 0.58), (0.829, 0.65),
        (0.885, 0.81), (0.916, 0.87), (0.933, 0.92), (0.954, 0.96), (0.962, 0.97), (0.970, 1.00),
    ])

    /// PP-OCRv6 small's word confidences, measured as ``tesseract``'s: it is 0.99 sure of words it
    /// gets wrong one time in five.
    public static let ppocr = ConfidenceCalibration([
        (0.789, 0.31), (0.958, 0.63), (0.988, 0.80), (0.996, 0.86), (0.999, 0.90), (0.9995, 0.91), (1.0, 0.98),
    ])

    /// The calibration of the engine that read a page: Tesseract's for its pages, PP-OCR's for
    /// PP-OCR's and `auto`'s, whose lines are mostly PP-OCR's.
    public init(of engine: EngineInfo) {
        self = engine.name == TesseractEngine.name ? .tesseract : .ppocr
    }
}

extension Line {
    /// Whether every word of the line was read at least `sureConfidence` sure: a line that tells
    /// its script (``ScriptAwareEngine/Doubt/sureConfidence``).
    func isRead(surely sureConfidence: Double) -> Bool {
        readings.allSatisfy { $0.confidence >= sureConfidence }
    }
}
