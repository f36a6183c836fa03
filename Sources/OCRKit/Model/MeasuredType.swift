/// How a line read from an image is printed, measured from its pixels: what a PDF's fonts say of
/// a line of its own text (``Font``), for a scan, whose type has no name. Its small letters'
/// height tells a heading's larger type from the body's, whatever capitals and descenders the
/// line holds; its strokes' width tells bold type from regular at one size.
///
/// ```swift
/// let measured = bitmap.measuredTypes(of: page.lines)
/// print(measured.map { $0?.strokeWidth ?? 0 })   // a bold heading's half as wide again as the prose's
/// ```
public struct MeasuredType: Hashable, Codable, Sendable {
    /// The height of its small letters (its x-height), in pixels of the image read.
    public var xHeight: Double
    /// The width of its letters' strokes across, in pixels of the image read.
    public var strokeWidth: Double

    public init(xHeight: Double, strokeWidth: Double) {
        self.xHeight = xHeight
        self.strokeWidth = strokeWidth
    }
}
