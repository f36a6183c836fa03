/// Reads files: decodes each with an ``ImageDecoder``, recognises it with an ``OCREngine``,
/// rebuilds its reading order with a ``PageArranger`` when there is one, and flags doubtful text
/// (``RecognitionOptions/reviewThreshold``).
///
/// This is the path every file takes (file, image, engine, layout, page), whether from
/// `ocr read`, a queue or your own code.
///
/// ```swift
/// let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())
/// let page = try await reader.read("scan.png")
/// ```
public struct PageReader: Sendable {
    public let decoder: any ImageDecoder
    public let engine: any OCREngine
    /// Rebuilds the engine's reading order; `nil` keeps the engine's own.
    public let arranger: (any PageArranger)?

    public init(decoder: any ImageDecoder, engine: any OCREngine, arranger: (any PageArranger)? = nil) {
        self.decoder = decoder
        self.engine = engine
        self.arranger = arranger
    }

    /// Reads the image at `path`.
    ///
    /// - Throws: an ``OCRError`` naming the file: decoding failures, invalid options, engine failures.
    public func read(_ path: String, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        let bitmap = try await decoder.decode(contentsOf: path, maximumSide: options.maximumImageSide)
        let page = try await engine.recognize(bitmap, options: options)
        return (arranger?.arrange(page) ?? page).flaggingDoubtfulText(below: options.reviewThreshold)
    }
}
