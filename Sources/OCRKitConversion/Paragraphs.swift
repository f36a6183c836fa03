import OCRKit

/// Footnotes: paragraphs in smaller type low on their page, opening with their mark.
enum Footnote {
    /// Whether `paragraph` is a footnote by its look and place.
    static func isFootnote(_ paragraph: PrintedParagraph, bodySize: Double) -> Bool {
        guard paragraph.look.hasFonts, bodySize > 0, paragraph.box.minY >= Rules.footnoteBand,
              paragraph.look.size <= bodySize * Rules.footnoteSize else { return false }
        return marker(of: paragraph.texts.first ?? "") != nil
    }

    /// The mark a footnote opens with: a number or a symbol (`1`, `*`, `†`).
    static func marker(of text: String) -> Substring? {
        text.prefixMatch(of: /\d{1,3}(?=\s*\p{L})|[*†‡§¶]{1,3}/)?.output
    }
}

/// Captions: a paragraph opening with a figure's or a table's number ("Figure 3.", "Table 2:").
enum Caption {
    static func isCaption(_ firstLine: String) -> Bool {
        firstLine.prefixMatch(of: /(Figure|Fig\.|Table|Listing|Chart|Plate)\s+[0-9IVX]+[A-Za-z]?(\.\d+)?[.:\s]/) != nil
    }

    /// Whether a caption beside a figure can be the figure's: not one of a table's or a
    /// listing's, which are printed beside figures too ("Table 2" above the table after it).
    static func canBeFigures(_ caption: String) -> Bool {
        caption.prefixMatch(of: /(Table|Listing)\s/) == nil
    }
}

/// Code: lines kept as printed, each indented by as many spaces as its letters' width says.
enum Code {
    static func text(of lines: [Line]) -> String {
        let left = lines.map(\.box.minX).min() ?? 0
        // A monospaced character's width: the width of the lines' words over their letters.
        let words = lines.flatMap(\.words)
        let letters = words.reduce(0) { $0 + $1.text.count }
        let width = letters > 0 ? words.reduce(0) { $0 + $1.box.width } / Double(letters) : 0
        return lines.map { line in
            let indent = width > 0 ? Int(((line.box.minX - left) / width).rounded()) : 0
            return String(repeating: " ", count: indent) + line.text
        }.joined(separator: "\n")
    }
}

/// Whether a paragraph goes on in the next: its last sentence is not ended and the next opens
/// as no sentence does, or its last word is broken.
enum Continuation {
    /// Whether `next` goes on the paragraph `text`: `text` ends in a hyphen, or ends no sentence
    /// and `next` opens as a sentence goes on (``goesOnAt(_:)``), or in any case `acrossPages`
    /// (from the foot of one page to the head of the next, where a paragraph's sentence going on
    /// at a name, "Legal / Notices", is likelier than one that ends without a stop).
    static func goesOn(_ text: String, in next: String, acrossPages: Bool = false) -> Bool {
        guard let last = text.last, let first = next.first else { return false }
        if last.unicodeScalars.first.map(Hyphen.characters.contains) ?? false { return first.isLetter }
        return !endsSentence(text) && (goesOnAt(first) || (acrossPages && last.isLetter && first.isLetter))
    }

    /// Whether a sentence can go on at `character`: a small letter, a digit, a parenthesis or a
    /// square bracket ("tell" / "1000 and 10000 apart", "than sticking with 80" / "(the most
    /// popular)", "as shown in" / "[12]"); a capital or a quotation mark more often opens a
    /// sentence or a paragraph, a curly bracket a line of code.
    static func goesOnAt(_ character: Character) -> Bool {
        character.isLowercase || character.isNumber || "([".contains(character)
    }

    /// Whether `text` ends a sentence (or a clause it introduces): its last character a stop,
    /// a colon or a semicolon, or a closing quote or bracket.
    static func endsSentence(_ text: some StringProtocol) -> Bool {
        text.last.map { ".!?:;\"”’)]".contains($0) } ?? false
    }
}
