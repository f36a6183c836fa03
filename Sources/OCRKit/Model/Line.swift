/// A recognised line of text, with its words in reading order.
public struct Line: TextElement, Hashable, Codable {
    public var text: String
    public var confidence: Double
    public var box: Rect
    public var quad: Quad
    /// The line's words, left to right as the line reads; empty for engines that read whole
    /// lines without word boxes.
    public var words: [Word]
    /// Its type as measured from the image it was read from, where the page's structure was
    /// read from one (``Bitmap/measuredTypes(of:)``); `nil` for a PDF's own text, whose words
    /// say their fonts.
    public var measuredType: MeasuredType?

    public init(text: String, confidence: Double, box: Rect, quad: Quad, words: [Word] = [], measuredType: MeasuredType? = nil) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.quad = quad
        self.words = words
        self.measuredType = measuredType
    }
}
