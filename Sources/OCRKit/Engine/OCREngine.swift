/// Something that reads text from pixels: Tesseract, PP-OCR, or your own.
///
/// Engines are shared between tasks: `recognize(_:options:)` may be called concurrently, and an
/// engine that wraps a blocking C library runs those calls on threads of its own, never on
/// Swift's cooperative pool.
///
/// ```swift
/// let engine = try TesseractEngine()
/// let page = try await engine.recognize(bitmap, options: RecognitionOptions(languages: ["eng"]))
/// ```
public protocol OCREngine: Sendable {
    /// The engine's name and version, recorded in every page it reads.
    var info: EngineInfo { get }

    /// Reads the text of `bitmap`.
    ///
    /// The page's `image` is the bitmap's `source`; its boxes are normalised to the bitmap's size
    /// and its quads are in the bitmap's pixels. Every option is honoured, or the call throws an
    /// ``OCRError/Code/invalidOption`` saying which one the engine cannot honour.
    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page

    /// Checks that the engine can honour `options`, so that a batch fails once, before any image
    /// is read, rather than once an image. `recognize(_:options:)` checks them too.
    func validate(_ options: RecognitionOptions) throws
}

extension OCREngine {
    public func validate(_ options: RecognitionOptions) throws {
        try options.validate()
    }
}

/// Something that turns a file into pixels.
public protocol ImageDecoder: Sendable {
    /// Decodes the image at `path`, downscaled so that neither side exceeds `maximumSide` when
    /// that is given, or throws an ``OCRError`` naming the file and the cause.
    func decode(contentsOf path: String, maximumSide: Int?) async throws -> Bitmap
}

/// Something that rebuilds a page's reading order, blocks and paragraphs after an engine read it,
/// such as `LayoutAnalyzer` in `OCRKitLayout`.
public protocol PageArranger: Sendable {
    func arrange(_ page: Page) -> Page
}
