import OCRKit

/// A value a frame may show, normalised by the scanner's pattern, and how sure the engine was.
public struct Candidate: Sendable, Hashable {
    public var value: String
    /// From 0 to 1: the engine's confidence in the reading this value came from.
    public var confidence: Double

    public init(value: String, confidence: Double) {
        self.value = value
        self.confidence = confidence
    }
}
