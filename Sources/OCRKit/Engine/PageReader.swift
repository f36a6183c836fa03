/// Reads files: decodes each with an ``ImageDecoder`` and recognises it with an ``OCREngine``.
///
/// This is the path every file takes (file, image, engine, page), whether from `ocr read`, a
/// queue or your own code.
///
/// ```swift
/// let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())
/// let page = try await reader.read("scan.png")
/// ```
public struct PageReader: Sendable {
    public let decoder: any ImageDecoder
    public let engine: any OCREngine

    public init(decoder: any ImageDecoder, engine: any OCREngine) {
        self.decoder = decoder
        self.engine = engine
    }

    /// Reads the image at `path`.
    ///
    /// - Throws: an ``OCRError`` naming the file: decoding failures, invalid options, engine failures.
    public func read(_ path: String, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        let bitmap = try await decoder.decode(contentsOf: path, maximumSide: options.maximumImageSide)
        return try await engine.recognize(bitmap, options: options)
    }
}
