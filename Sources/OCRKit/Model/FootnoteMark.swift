/// Where a text refers to a footnote: the footnote's mark printed small and raised against the
/// word before it. A PDF's own text writes a raised number as superscript digits (`paper¹²`),
/// so that the text reads as printed and the reference is told from a number in the text
/// (`COVID-19`); a symbol (`*`, `†`) stays as it is, and refers to a footnote where it ends a
/// word. One rule for the text layer that writes them and the writers that link them.
///
/// ```swift
/// let mark = FootnoteMark.raised("12")                                 // "¹²"
/// let place = FootnoteMark.reference(to: "12", in: "as the paper¹² says")
/// ```
public enum FootnoteMark {
    /// `mark` as printed raised: its digits as superscript digits, other characters as they are.
    public static func raised(_ mark: some StringProtocol) -> String {
        String(String.UnicodeScalarView(mark.unicodeScalars.map { scalar in
            isDigit(scalar) ? superscripts[Int(scalar.value - ("0" as Unicode.Scalar).value)] : scalar
        }))
    }

    /// Whether `scalar` is printed raised as part of a footnote's mark: a digit, or one of the
    /// symbols that mark footnotes.
    public static func canBeRaised(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || symbols.contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// Where `text` first refers to the footnote marked `mark`: its raised form after a letter,
    /// a digit or a closing punctuation mark, with no other raised digit on either side.
    public static func reference(to mark: String, in text: String) -> Range<String.Index>? {
        let raised = raised(mark)
        guard !raised.isEmpty else { return nil }
        var start = text.startIndex
        while let found = text.range(of: raised, range: start..<text.endIndex) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
            if let before, before.isLetter || before.isNumber || ".,;:)]\"'’”".contains(before), !isRaised(before), !isRaised(after) {
                return found
            }
            start = found.upperBound
        }
        return nil
    }

    private static func isRaised(_ character: Character?) -> Bool {
        character.map { $0.unicodeScalars.allSatisfy { superscripts.contains($0) || symbols.contains($0) } } ?? false
    }

    private static let superscripts: [Unicode.Scalar] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    private static let symbols: Set<Unicode.Scalar> = ["*", "†", "‡", "§", "¶"]
}
