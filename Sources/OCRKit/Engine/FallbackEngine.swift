/// Reads with one engine, and reads again with another when the first is unsure of the page.
///
/// OCRKit's default (`ocr read --engine auto`) is Tesseract, then PP-OCR: Tesseract reads scans
/// and documents best and fastest, and is unsure of, and wrong about, photos of scenes and cars,
/// which PP-OCR reads well. Measured on ../shared/datasets, re-reading pages whose confidence is
/// under 0.7 gave receipts a better word F1 than either engine alone and photos nearly PP-OCR's.
///
/// ```swift
/// let engine = FallbackEngine(primary: try TesseractEngine(), fallback: try PPOCREngine())
/// let page = try await engine.read(bitmap, options: options)
/// print(page.engine.name)   // "tesseract" or "ppocr": whichever read the page returned
/// ```
public final class FallbackEngine: OCREngine {
    public let primary: any OCREngine
    public let fallback: any OCREngine
    /// Pages the primary engine reads with a confidence under this are read again.
    public let threshold: Double

    public var info: EngineInfo {
        EngineInfo(name: "auto", version: "\(primary.info.name), then \(fallback.info.name)")
    }

    public init(primary: any OCREngine, fallback: any OCREngine, threshold: Double = 0.7) {
        self.primary = primary
        self.fallback = fallback
        self.threshold = threshold
    }

    /// The primary engine must honour the options; the fallback is only asked to read pages
    /// when it honours them too.
    public func checkSupport(of options: RecognitionOptions) throws {
        try primary.checkSupport(of: options)
    }

    /// The primary engine's page, or the fallback's when the primary was unsure (see
    /// ``confidence(of:)``) and the fallback could read it. A fallback that fails (its models
    /// missing, say) leaves the primary's page: it never costs a page that was read.
    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let first = try await primary.recognize(bitmap, options: options)
        guard Self.confidence(of: first) < threshold, (try? fallback.checkSupport(of: options)) != nil,
              let second = try? await fallback.recognize(bitmap, options: options) else {
            return first
        }
        return second
    }

    /// How sure an engine was of a page: its words' confidences weighted by their length; 0 for
    /// a page with no words.
    public static func confidence(of page: Page) -> Double {
        var total = 0.0, characters = 0
        for word in page.words {
            total += word.confidence * Double(word.text.count)
            characters += word.text.count
        }
        return characters == 0 ? 0 : total / Double(characters)
    }
}
