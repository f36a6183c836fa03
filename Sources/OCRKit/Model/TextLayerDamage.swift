/// What is wrong with a page's own text (a PDF's text layer) when it cannot be trusted, so that
/// the page is read by OCR instead: glyphs that carry no Unicode meaning (a font without its
/// `ToUnicode` map gives its glyphs' numbers, control characters among them), or words run
/// together without spaces.
///
/// ```swift
/// if let damage = TextLayerDamage(of: page) {
///     print("\(page.image): \(damage.reason)")   // "its text has no Unicode meaning: 31% of its characters are ..."
/// }
/// ```
public struct TextLayerDamage: Hashable, Sendable {
    /// The damage in a sentence for people, with the share that tells it.
    public var reason: String

    /// A page whose characters are this share or more of control characters, U+FFFD or private
    /// use has glyphs without meaning: an intact page has none.
    public static let meaninglessShare = 0.05
    /// A page whose letters are this share or more in words of ``runTogetherLength`` letters or
    /// more has its words run together.
    public static let runTogetherShare = 0.5
    public static let runTogetherLength = 25

    /// The damage of `page`'s text, or `nil` when it is intact (or holds too little text, fewer
    /// than 40 characters, to tell).
    public init?(of page: Page) {
        let characters = page.words.flatMap { $0.text.unicodeScalars }
        guard characters.count >= 40 else { return nil }
        let meaningless = characters.filter { scalar in
            scalar.properties.generalCategory == .control || scalar == "\u{FFFD}" || scalar.properties.generalCategory == .privateUse
        }.count
        let share = Double(meaningless) / Double(characters.count)
        if share >= Self.meaninglessShare {
            reason = "its text has no Unicode meaning: \(Int((share * 100).rounded()))% of its characters are control characters, "
                + "U+FFFD or private use (a font without its ToUnicode map)"
            return
        }
        let letters = page.words.map { $0.text.count }
        let runTogether = letters.filter { $0 >= Self.runTogetherLength }.reduce(0, +)
        let runShare = Double(runTogether) / Double(max(1, letters.reduce(0, +)))
        guard runShare >= Self.runTogetherShare else { return nil }
        reason = "its words run together: \(Int((runShare * 100).rounded()))% of its letters are in words of "
            + "\(Self.runTogetherLength) or more"
    }
}
