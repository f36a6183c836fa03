/// Puts an engine's confidences on a common scale: the share of words read at a confidence that
/// were right, measured on data with a known truth.
///
/// Engines report confidence each on a scale of its own: PP-OCR is 0.99 sure of words it gets
/// wrong one time in ten, while Tesseract's 0.9 is right about as often. Comparing two engines'
/// readings of one line is only fair after each confidence has been mapped through its engine's
/// calibration.
///
/// ```swift
/// let calibration = ConfidenceCalibration([(0.5, 0.4), (0.9, 0.8), (1, 1)])
/// print(calibration.probability(0.7))   // 0.6: between the points measured, on the straight line
/// ```
public struct ConfidenceCalibration: Hashable, Sendable {
    /// Confidences measured, rising.
    public let confidences: [Double]
    /// The share of words right at each of ``confidences``; between two the share is
    /// interpolated, beyond the ends it is the end's.
    public let probabilities: [Double]

    /// - Precondition: at least one point, at rising confidences.
    public init(_ points: [(confidence: Double, probability: Double)]) {
        precondition(!points.isEmpty && zip(points, points.dropFirst()).allSatisfy { $0.confidence < $1.confidence },
                     "a calibration needs points at rising confidences")
        confidences = points.map(\.confidence)
        probabilities = points.map(\.probability)
    }

    /// How likely a word read at `confidence` is right.
    public func probability(_ confidence: Double) -> Double {
        guard let upper = confidences.firstIndex(where: { $0 >= confidence }) else { return probabilities[probabilities.count - 1] }
        guard upper > 0 else { return probabilities[0] }
        let share = (confidence - confidences[upper - 1]) / (confidences[upper] - confidences[upper - 1])
        return probabilities[upper - 1] + (probabilities[upper] - probabilities[upper - 1]) * share
    }

    /// How likely the words of `lines` are right, on average over their characters; 0 for lines
    /// with no text.
    public func probability(of lines: some Sequence<Line>) -> Double {
        var total = 0.0, characters = 0
        for line in lines {
            for (text, confidence) in line.readings {
                total += probability(confidence) * Double(text.count)
                characters += text.count
            }
        }
        return characters == 0 ? 0 : total / Double(characters)
    }
}
