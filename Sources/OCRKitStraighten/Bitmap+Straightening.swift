internal import COpenCV
import Foundation
import OCRKit

extension Bitmap {
    /// The region inside `corners` (clockwise from the top left) mapped onto a flat rectangle: a
    /// page photographed at an angle as a scanner would have seen it. The rectangle is as wide as
    /// the quad's longer horizontal side and as tall as its longer vertical side, so the page keeps
    /// its own aspect ratio and the detail of its nearer half. The photo's resolution, if it had
    /// one, does not carry over: the page's scale is not the photo's.
    ///
    /// - Throws: an ``OCRError`` naming the image when the corners enclose no area, lie far
    ///   outside the image (a page cannot be larger than what shows it), or OpenCV fails.
    public func flattening(_ corners: Quad) throws -> Bitmap {
        let reach = Rect(x: -Double(width), y: -Double(height), width: 3 * Double(width), height: 3 * Double(height))
        guard corners.corners.allSatisfy({ reach.contains($0) }) else {
            throw OCRError(.invalidOption, path: image,
                           reason: "the page's corners \(corners.corners) lie far outside the \(width)x\(height) image")
        }
        let size = corners.flattenedSize
        guard size.width >= 1, size.height >= 1 else {
            throw OCRError(.degenerateImage, path: image, reason: "the page's corners \(corners.corners) enclose no area")
        }
        let points = corners.corners.map { ocrkit_cv_point(x: $0.x, y: $0.y) }
        var flat = try making(width: size.width, height: size.height) { output in
            try OpenCV.check(withImage { pixels, width, height, channels in
                ocrkit_cv_warp_quad(pixels, width, height, channels, points, output, Int32(size.width), Int32(size.height))
            }, "cannot flatten the page", image: image)
        }
        flat.resolution = nil
        return flat
    }

    /// This bitmap turned clockwise by `degrees` about its centre, at the same size; the corners
    /// it uncovers repeat the nearest edge.
    ///
    /// - Throws: an ``OCRError`` naming the image when OpenCV fails.
    public func rotated(byDegrees degrees: Double) throws -> Bitmap {
        try making(width: width, height: height) { output in
            try OpenCV.check(withImage { pixels, width, height, channels in
                ocrkit_cv_rotate(pixels, width, height, channels, degrees, output)
            }, "cannot rotate the image", image: image)
        }
    }

    /// This bitmap with its light evened out: each pixel divided by the brightness of the paper
    /// around it, so that shadows and gradients across a page become white paper again while the
    /// ink stays dark. Large dark areas (a photo on the page) fade.
    ///
    /// - Throws: an ``OCRError`` naming the image when OpenCV fails.
    public func evenedLighting() throws -> Bitmap {
        try making(width: width, height: height) { output in
            try OpenCV.check(withImage { pixels, width, height, channels in
                ocrkit_cv_flatten_lighting(pixels, width, height, channels, output)
            }, "cannot even out the lighting", image: image)
        }
    }

    /// How far the lines of text in this bitmap are tilted, whether they run across or down it.
    ///
    /// - Parameter maximumDegrees: the largest tilt looked for, either way.
    /// - Throws: an ``OCRError`` naming the image when OpenCV fails.
    public func skew(upTo maximumDegrees: Double = 15) throws -> Skew {
        var degrees = 0.0, confidence = 0.0
        try OpenCV.check(withImage { pixels, width, height, channels in
            ocrkit_cv_estimate_skew(pixels, width, height, channels, maximumDegrees, &degrees, &confidence)
        }, "cannot measure the skew", image: image)
        return Skew(degrees: degrees, confidence: confidence)
    }
}

/// How far lines of text are tilted.
public struct Skew: Hashable, Sendable {
    /// Degrees counter-clockwise; turning the image clockwise by as much levels the lines.
    public var degrees: Double
    /// How much more the lines line up at this angle than at others, from 0 to 1: near 0 for an
    /// image without lines of text.
    public var confidence: Double
}

extension Quad {
    /// The size of the flat rectangle this quad maps to (``OCRKit/Bitmap/flattening(_:)``): its
    /// longer horizontal side by its longer vertical side, in whole pixels.
    public var flattenedSize: (width: Int, height: Int) {
        func length(_ from: Point, _ to: Point) -> Double { hypot(to.x - from.x, to.y - from.y) }
        let width = max(length(topLeft, topRight), length(bottomLeft, bottomRight))
        let height = max(length(topLeft, bottomLeft), length(topRight, bottomRight))
        return (Int(width.rounded()), Int(height.rounded()))
    }

    /// The quad with each corner moved towards its centre, so that each edge comes in by about
    /// `share` of the quad's width or height.
    func shrunk(by share: Double) -> Quad {
        let centre = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        let keep = 1 - 2 * share
        return map { Point(x: centre.x + ($0.x - centre.x) * keep, y: centre.y + ($0.y - centre.y) * keep) }
    }
}
