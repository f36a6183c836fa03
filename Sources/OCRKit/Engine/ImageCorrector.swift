/// Straightens a photo of a page before it is read: finds the page, flattens its perspective,
/// levels its lines and turns it upright (`Dewarper` in `OCRKitDewarp`, on OpenCV).
///
/// A ``PageReader`` with a corrector applies it to the images it reads with
/// ``RecognitionOptions/correctsPage``.
public protocol ImageCorrector: Sendable {
    /// The straightened image, and how it was straightened. An image without a page in it is
    /// still levelled and turned upright, and its correction says that no page was found.
    ///
    /// - Throws: an ``OCRError`` naming the bitmap's source.
    func correct(_ bitmap: Bitmap) async throws -> CorrectedImage

    /// The image `correction` made from `bitmap` when it was found, made again: for an image
    /// decoded anew, at its size (the recorded corners are scaled to it).
    func apply(_ correction: PageCorrection, to bitmap: Bitmap) async throws -> Bitmap
}

/// A straightened image and how it was straightened.
public struct CorrectedImage: Sendable {
    public var bitmap: Bitmap
    public var correction: PageCorrection

    public init(bitmap: Bitmap, correction: PageCorrection) {
        self.bitmap = bitmap
        self.correction = correction
    }
}
