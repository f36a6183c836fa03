/// Straightens a photo of a page before it is read: finds the page, flattens its perspective,
/// levels its lines and turns it upright (`PageStraightener` in `OCRKitStraighten`, on OpenCV).
///
/// A ``PageReader`` with a straightener applies it to the images it reads with
/// ``RecognitionOptions/straightensPage``.
public protocol ImageStraightener: Sendable {
    /// The straightened image, and how it was straightened. An image without a page in it is
    /// still levelled and turned upright, and its straightening says that no page was found.
    ///
    /// - Throws: an ``OCRError`` naming the bitmap's source.
    func straighten(_ bitmap: Bitmap) async throws -> StraightenedImage

    /// The image `straightening` made from `bitmap` when it was found, made again: for an image
    /// decoded anew, at its size (the recorded corners are scaled to it).
    func apply(_ straightening: Straightening, to bitmap: Bitmap) async throws -> Bitmap
}

/// A straightened image and how it was straightened.
public struct StraightenedImage: Sendable {
    public var bitmap: Bitmap
    public var straightening: Straightening

    public init(bitmap: Bitmap, straightening: Straightening) {
        self.bitmap = bitmap
        self.straightening = straightening
    }
}
