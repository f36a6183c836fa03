/// Number plate accuracy, as ../shared/datasets scores it: a plate counts as read when, upper-cased
/// and with everything but A-Z and 0-9 dropped, some line of the reading, or some word of it,
/// equals the plate, or a line holds it as a whole word.
///
/// ```swift
/// var score = PlateScore()
/// score.add(reading: "CALIFORNIA\n6ABC 123", plate: "6ABC123")   // the line, without its space
/// score.add(reading: "GARAGE 7XYZ89", plate: "7XYZ890")            // missed
/// print(score.accuracy)   // 0.5
/// ```
public struct PlateScore: Sendable, Hashable {
    public private(set) var read = 0
    public private(set) var plates = 0

    public init() {}

    public mutating func add(reading: String, plate: String) {
        plates += 1
        let target = Self.normalized(plate)
        let lines = reading.split(whereSeparator: \.isNewline)
        let found = !target.isEmpty && lines.contains { line in
            Self.normalized(line) == target || line.split(whereSeparator: \.isWhitespace).contains { Self.normalized($0) == target }
        }
        if found { read += 1 }
    }

    /// The share of plates read; 0 when there were none.
    public var accuracy: Double { plates == 0 ? 0 : Double(read) / Double(plates) }

    /// Upper case, A-Z and 0-9 only.
    static func normalized(_ text: some StringProtocol) -> String {
        String(text.uppercased().unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }
}
