internal import COpenCV
import OCRKit

/// Finds the page in a photo: the largest four-sided outline that the photo's edges support,
/// whether the page stands out by its edges, its colour or its brightness. With OpenCV.
///
/// ```swift
/// if let page = try PageDetector().page(in: photo) {
///     print(page.corners.corners, page.confidence)
///     let flat = try photo.flattening(page.corners)
/// }
/// ```
///
/// Detection runs on the calling thread and takes some tens of milliseconds: call it from a
/// thread of your own, as ``PageStraightener`` does.
public struct PageDetector: Sendable {
    /// The least share of an outline that edges in the photo must support for it to be taken for
    /// a page, from 0 to 1.
    public var minimumConfidence: Double

    public init(minimumConfidence: Double = 0.5) {
        self.minimumConfidence = minimumConfidence
    }

    /// The page in `bitmap`, or `nil` when there is none: a flat scan, a page filling the photo,
    /// or no page at all.
    ///
    /// - Throws: an ``OCRError`` naming the bitmap's image when OpenCV fails or is missing.
    public func page(in bitmap: Bitmap) throws -> DetectedPage? {
        var corners = [ocrkit_cv_point](repeating: ocrkit_cv_point(), count: 4)
        var confidence = 0.0
        try OpenCV.check(bitmap.withImage { pixels, width, height, channels in
            ocrkit_cv_find_page(pixels, width, height, channels, minimumConfidence, &corners, &confidence)
        }, "cannot search the image for a page", image: bitmap.image)
        guard confidence > 0 else { return nil }
        let points = corners.map { Point(x: $0.x, y: $0.y) }
        return DetectedPage(
            corners: Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3]),
            confidence: confidence)
    }
}

/// A page found in a photo.
public struct DetectedPage: Hashable, Sendable {
    /// The page's corners in the photo's pixels, clockwise from the one nearest the top left.
    public var corners: Quad
    /// The share of the page's outline that the photo's edges support, from 0 to 1.
    public var confidence: Double

    public init(corners: Quad, confidence: Double) {
        self.corners = corners
        self.confidence = confidence
    }
}
