/// An engine that also reads lines where another engine found them: the recogniser of a
/// detector-and-recogniser pipeline, without its detector (PP-OCR's).
///
/// ```swift
/// let quads = tesseractPage.lines.map { $0.box.scaled(width: Double(bitmap.width), height: Double(bitmap.height)).quad }
/// let lines = try await ppocr.recognizeLines(along: quads, in: bitmap, options: options)
/// ```
public protocol LineRecognizer: OCREngine {
    /// The lines along `quads` (in `bitmap`'s pixels), one for each, in order; `nil` where it
    /// read nothing it trusts.
    func recognizeLines(along quads: [Quad], in bitmap: Bitmap, options: RecognitionOptions) async throws -> [Line?]
}
