/// Tells which script an image's text is written in (Tesseract's orientation and script
/// detection in `OCRKitTesseract`), so that a page whose language nobody gave is read in one of
/// its script.
///
/// ```swift
/// let detector = try TesseractScriptDetector()
/// if let found = try await detector.script(of: bitmap), found.confidence > 0.5 {
///     print(found.script.name)   // "Cyrillic"
/// }
/// ```
public protocol ScriptDetector: Sendable {
    /// The script most of `bitmap`'s text is in, or `nil` when it has too little text to tell.
    ///
    /// - Throws: an ``OCRError`` naming the bitmap's image when the detector fails.
    func script(of bitmap: Bitmap) async throws -> ScriptDetection?
}

/// A script found in an image, and how sure the detector is of it.
public struct ScriptDetection: Hashable, Sendable {
    public var script: Script
    /// From 0 to 1.
    public var confidence: Double

    public init(script: Script, confidence: Double) {
        self.script = script
        self.confidence = confidence
    }
}
