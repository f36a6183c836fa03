import OCRKit

/// Straightens photos of pages before they are read: finds the page (``PageDetector``),
/// flattens its perspective to the page's own aspect ratio, evens out its light, levels lines
/// that are still tilted, and turns the page upright with an ``OCRKit/OrientationDetector`` (Tesseract's, for instance).
/// With OpenCV.
///
/// ```swift
/// let straightener = PageStraightener(orientationDetector: try TesseractOrientationDetector())
/// let reader = PageReader(decoder: ImageLoader(), engine: engine, straightener: straightener)
/// let page = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))
/// print(page.straightening?.foundPage == true ? "page found" : "read as it was")
/// ```
///
/// A photo without a page in it is read as it is, levelled and turned upright all the same.
/// OpenCV's work runs on threads of the straightener's own, never on Swift's cooperative pool.
public struct PageStraightener: ImageStraightener {
    public struct Configuration: Sendable {
        public var detector = PageDetector()
        /// The share of the page's width and height trimmed off its edges before it is flattened:
        /// a found edge can lie a pixel or two outside the paper, and a dark line along the border
        /// throws Tesseract's layout analysis (a receipt read as its one bold line).
        public var trimmedEdge = 0.008
        /// Whether shadows and uneven light are evened out (``OCRKit/Bitmap/evenedLighting()``):
        /// engines that threshold the whole page at once lose the text in a shadow otherwise.
        public var evensLighting = true
        /// The largest tilt of the lines looked for, either way, in degrees.
        public var maximumSkew = 15.0
        /// Tilts smaller than this are left alone: turning the image blurs it a little.
        public var minimumSkew = 0.3
        /// How distinct the tilt must be (``Skew/confidence``) to be taken out.
        public var minimumSkewConfidence = 0.2
        /// How sure the orientation detector must be before the page is turned.
        public var minimumOrientationConfidence = 0.5
        /// How many images are straightened at once.
        public var jobs: Int

        public init(jobs: Int = 2) {
            self.jobs = jobs
        }
    }

    public let configuration: Configuration
    public let orientationDetector: (any OrientationDetector)?
    private let pool: BlockingWorkerPool<Void>

    /// - Parameter orientationDetector: tells which way up the text is; `nil` leaves pages turned
    ///   as they were photographed.
    /// Why photos cannot be straightened here, with what fixes it; `nil` when they can (OCRKit
    /// was built with OpenCV).
    public static var unavailability: String? { OpenCV.isAvailable ? nil : OpenCV.unavailability }

    public init(configuration: Configuration = Configuration(), orientationDetector: (any OrientationDetector)? = nil) {
        self.configuration = configuration
        self.orientationDetector = orientationDetector
        pool = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-straighten") {}
    }

    public func straighten(_ bitmap: Bitmap) async throws -> StraightenedImage {
        let configuration = configuration
        var straightened = try await pool.run { _ in
            let page = try configuration.detector.page(in: bitmap)
            let region = page.map { $0.corners.shrunk(by: configuration.trimmedEdge) }
            var image = try region.map { try bitmap.flattening($0) } ?? bitmap
            if configuration.evensLighting { image = try image.evenedLighting() }
            let skew = try image.skew(upTo: configuration.maximumSkew)
            let levels = abs(skew.degrees) >= configuration.minimumSkew && skew.confidence >= configuration.minimumSkewConfidence
            if levels { image = try image.rotated(byDegrees: skew.degrees) }
            return StraightenedImage(bitmap: image, straightening: Straightening(
                imageWidth: bitmap.width, imageHeight: bitmap.height, corners: region,
                pageConfidence: page?.confidence ?? 0, evensLighting: configuration.evensLighting,
                skewDegrees: levels ? skew.degrees : 0))
        }
        if let orientation = try await orientationDetector?.orientation(of: straightened.bitmap) {
            straightened.straightening.orientationConfidence = orientation.confidence
            if orientation.confidence >= configuration.minimumOrientationConfidence {
                straightened.straightening.quarterTurns = orientation.quarterTurns
                straightened.bitmap = straightened.bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
            }
        }
        return straightened
    }

    public func apply(_ straightening: Straightening, to bitmap: Bitmap) async throws -> Bitmap {
        try await pool.run { _ in
            // The image may have been decoded at another size than the one the page was found in.
            let scaleX = Double(bitmap.width) / Double(max(1, straightening.imageWidth))
            let scaleY = Double(bitmap.height) / Double(max(1, straightening.imageHeight))
            var image = try straightening.corners.map { corners in
                try bitmap.flattening(corners.map { Point(x: $0.x * scaleX, y: $0.y * scaleY) })
            } ?? bitmap
            if straightening.evensLighting { image = try image.evenedLighting() }
            if straightening.skewDegrees != 0 { image = try image.rotated(byDegrees: straightening.skewDegrees) }
            return image.turned(clockwiseQuarterTurns: straightening.quarterTurns)
        }
    }
}
