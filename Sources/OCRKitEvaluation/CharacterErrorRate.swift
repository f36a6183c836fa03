/// Character error rate: the edit distance from a reading to the truth, over the truth's length.
///
/// Runs of white space count as one space and ends are trimmed, so line breaks and spaces are
/// interchangeable; everything else counts, case included unless you fold it.
///
/// ```swift
/// var score = CharacterErrorRate()
/// score.add(reading: "He1lo world", truth: "Hello world")   // 1 edit in 11 characters
/// print(score.rate)                                            // 0.0909...
/// ```
public struct CharacterErrorRate: Sendable, Hashable {
    /// Edits summed over every pair added.
    public private(set) var edits = 0
    /// Truth characters summed over every pair added.
    public private(set) var referenceLength = 0
    public let caseSensitive: Bool

    public init(caseSensitive: Bool = true) {
        self.caseSensitive = caseSensitive
    }

    /// Adds one reading and its truth.
    public mutating func add(reading: String, truth: String) {
        let reading = Array(normalized(reading)), truth = Array(normalized(truth))
        edits += reading.editDistance(to: truth)
        referenceLength += truth.count
    }

    /// Edits per truth character over everything added: 0 is perfect; it can exceed 1.
    public var rate: Double {
        referenceLength == 0 ? (edits == 0 ? 0 : 1) : Double(edits) / Double(referenceLength)
    }

    private func normalized(_ text: String) -> String {
        let folded = caseSensitive ? text : text.lowercased()
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
