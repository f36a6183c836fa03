/// An axis-aligned rectangle with its origin at the top left.
///
/// OCRKit uses it in two units, and says which wherever it appears: normalised boxes, where the
/// image spans `0...1` on both axes (``TextElement/box``, ``RecognitionOptions/regionOfInterest``),
/// and pixel rectangles.
///
/// ```swift
/// let roi = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)   // the middle of the lower half
/// let pixels = roi.scaled(width: 1000, height: 800)           // (250, 400, 500, 200)
/// ```
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle written `x,y,w,h`, as `ocr --roi` and `ocr serve`'s `roi` take it; `nil` unless
    /// it is four numbers.
    ///
    /// ```swift
    /// let bottomFifth = Rect(listing: "0,0.8,1,0.2")
    /// ```
    public init?(listing text: String) {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let parts = fields.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard fields.count == 4, parts.count == 4 else { return nil }
        self.init(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
    }

    /// The smallest rectangle that holds every point.
    public init(enclosing points: some Sequence<Point>) {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        if minX > maxX { self.init(x: 0, y: 0, width: 0, height: 0); return }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var area: Double { max(0, width) * max(0, height) }

    /// The corners, clockwise from the top left.
    public var quad: Quad {
        Quad(
            topLeft: Point(x: minX, y: minY), topRight: Point(x: maxX, y: minY),
            bottomRight: Point(x: maxX, y: maxY), bottomLeft: Point(x: minX, y: maxY)
        )
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(enclosing: [Point(x: minX, y: minY), Point(x: maxX, y: maxY),
                         Point(x: other.minX, y: other.minY), Point(x: other.maxX, y: other.maxY)])
    }

    /// Whether the point lies inside the rectangle or on its edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The overlap of both, or `nil` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle with both axes multiplied: a normalised box to pixels, for instance.
    public func scaled(width scaleX: Double, height scaleY: Double) -> Rect {
        Rect(x: x * scaleX, y: y * scaleY, width: width * scaleX, height: height * scaleY)
    }

    /// This rectangle grown (negative insets) or shrunk (positive ones) on each side: `dx` on the
    /// left and right, `dy` at the top and bottom, as Core Graphics' `insetBy(dx:dy:)` does.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The normalised rectangle that a frame with its origin at the bottom left, as Vision and Core
    /// Image count, calls `rect`.
    ///
    /// ```swift
    /// let lowerThird = Rect(normalizedBottomLeft: Rect(x: 0, y: 0, width: 1, height: 1.0 / 3))
    /// print(lowerThird.y)   // 0.667: OCRKit counts from the top
    /// ```
    public init(normalizedBottomLeft rect: Rect) {
        self.init(x: rect.x, y: 1 - rect.y - rect.height, width: rect.width, height: rect.height)
    }

    /// This normalised rectangle as a frame with its origin at the bottom left calls it.
    public var normalizedBottomLeft: Rect { Rect(normalizedBottomLeft: self) }

    /// Whether this is a usable normalised rectangle: inside `0...1` and not empty.
    public var isValidNormalizedRegion: Bool {
        width > 0 && height > 0 && x >= 0 && y >= 0 && maxX <= 1.000_001 && maxY <= 1.000_001
    }
}
