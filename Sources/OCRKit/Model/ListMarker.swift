/// What opens a list item as printed: a bullet and a space (`• `, `- `), or a number or a
/// letter and `.` or `)` (`1. `, `a) `). One rule for the layout that starts a paragraph at
/// one and the writers that make it a list.
///
/// ```swift
/// let numbered = ListMarker.marker(of: "2. Apply it")   // "2."
/// let prose = ListMarker.marker(of: "2021 figures")     // nil
/// ```
public enum ListMarker {
    /// Characters printed as bullets.
    public static let bullets: Set<Character> = ["•", "◦", "▪", "▫", "‣", "⁃", "●", "○", "■", "□", "–", "—", "-", "*", "·"]

    /// The marker `text` opens with, without the space after it; `nil` when it opens no list item.
    public static func marker(of text: some StringProtocol) -> Substring? {
        let text = Substring(text)
        guard let first = text.first else { return nil }
        if bullets.contains(first), text.dropFirst().first?.isWhitespace ?? false { return text.prefix(1) }
        let marker = text.prefix { !$0.isWhitespace }
        guard marker.count >= 2, marker.count <= 4, let last = marker.last, last == "." || last == ")" else { return nil }
        let body = marker.dropLast()
        guard body.allSatisfy(\.isNumber) || (body.count == 1 && body.allSatisfy(\.isLetter)) else { return nil }
        return marker
    }

    /// Whether the marker is a number or a letter rather than a bullet: the list is ordered.
    public static func isOrdered(_ marker: some StringProtocol) -> Bool {
        marker.first.map { !bullets.contains($0) } ?? false
    }
}
