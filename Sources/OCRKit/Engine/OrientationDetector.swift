/// Tells which way up the text of an image is (Tesseract's orientation and script detection in
/// `OCRKitTesseract`), so that a page photographed sideways or upside down is turned before it
/// is read.
public protocol OrientationDetector: Sendable {
    /// The quarter turns that set the text of `bitmap` upright, or `nil` when the image has too
    /// little text to tell.
    ///
    /// - Throws: an ``OCRError`` naming the bitmap's source when the detector fails.
    func orientation(of bitmap: Bitmap) async throws -> TextOrientation?
}

/// Which way up text is, as the turn that sets it upright.
public struct TextOrientation: Hashable, Sendable {
    /// Quarter turns clockwise that set the text upright, from 0 to 3: 1 for text that runs up
    /// the image (a page turned counter-clockwise), 2 for upside-down text.
    public var quarterTurns: Int
    /// How sure the detector is, from 0 to 1.
    public var confidence: Double

    public init(quarterTurns: Int, confidence: Double) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.confidence = confidence
    }
}
