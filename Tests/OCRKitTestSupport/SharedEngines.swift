import OCRKit
import OCRKitEngines

/// The page engines `ocr` reads with, made once a test process for the tests that only read with
/// them: PP-OCR's models, and each Tesseract language a script contest reads, load once rather
/// than once a test (a contest reads a line in every installed script).
///
/// ```swift
/// let page = try await SharedEngines.page(.auto).read(bitmap)
/// ```
///
/// A test that looks at an engine's settings, its log or its memory makes its own.
public enum SharedEngines {
    /// `EngineSettings(choice, jobs: 2).pageEngine()`, made on first use, or the error making it
    /// gave: two workers, for the two heavy tests (``Testing/Trait/heavy``) that may read with it
    /// at once on 2 cores.
    public static func page(_ choice: EngineChoice) throws -> any OCREngine {
        switch choice {
        case .auto: try auto.get()
        case .ppocr: try ppocr.get()
        case .tesseract: try tesseract.get()
        case .ndlocr: try EngineSettings(.ndlocr, jobs: 2).pageEngine()
        }
    }

    private static let auto = Result { try EngineSettings(.auto, jobs: 2).pageEngine() }
    private static let ppocr = Result { try EngineSettings(.ppocr, jobs: 2).pageEngine() }
    private static let tesseract = Result { try EngineSettings(.tesseract, jobs: 2).pageEngine() }
}
