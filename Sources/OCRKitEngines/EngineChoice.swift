/// The engines OCRKit ships, as `ocr --engine` names them.
///
/// ```swift
/// let engine = try EngineSettings(.ppocr).pageEngine()
/// print(EngineChoice.ppocr.summary)
/// ```
public enum EngineChoice: String, CaseIterable, Hashable, Sendable, Codable {
    /// PP-OCR and Tesseract, combined line by line.
    case auto
    /// Tesseract: scans and documents.
    case tesseract
    /// PP-OCR on ONNX Runtime: photos, receipts, scenes.
    case ppocr
    /// NDLOCR-Lite on ONNX Runtime: Japanese documents, vertical text.
    case ndlocr

    /// What the engine reads best and what it needs, in a sentence for people.
    public var summary: String {
        switch self {
        case .auto:
            "ppocr and tesseract, line by line: each line as the engine likelier right read it; tesseract alone on pages it is sure of, or when ONNX Runtime or PP-OCR's models are missing"
        case .tesseract:
            "scans and documents; needs Tesseract and its language data (tesseract-ocr-eng...)"
        case .ppocr:
            "PP-OCR on ONNX Runtime (PP-OCRv6 small by default; see --models): photos, receipts, scenes, in Latin, Chinese and Japanese letters; needs ONNX Runtime and the models `ocr models install` fetches"
        case .ndlocr:
            "NDLOCR-Lite on ONNX Runtime: Japanese documents, vertical text; needs your copy of its models"
        }
    }
}
