/// The document's own scale of headings: the looks its headings are printed in, largest first,
/// each a level; and their numbering (`1`, `1.1`, `1.1.1`), where they are numbered, which
/// says the level of a heading printed in the same look as its parent's.
struct HeadingScale: Sendable {
    /// The looks of the headings met, largest and boldest first.
    private var looks: [PrintedParagraph.Look] = []
    /// The level the first numbered heading's look gave, less its numbering's depth: the levels
    /// above the numbered ones (a title's).
    private var numberingBase: Int?

    /// Whether `paragraph` is a heading by its look: larger than the body text, or bold and
    /// short, in a few lines.
    func isHeading(_ paragraph: PrintedParagraph, bodySize: Double) -> Bool {
        let look = paragraph.look
        guard bodySize > 0, paragraph.lines.count <= 3,
              paragraph.texts.reduce(0, { $0 + $1.split(separator: " ").count }) <= Rules.headingWords else { return false }
        // A scan says nothing of monospace, and its code is measured as heavy as bold type.
        guard look.hasFonts || !Self.readsAsCode(paragraph.texts.joined(separator: " ")) else { return false }
        let larger = look.size >= bodySize * (look.hasFonts ? Rules.headingSize : Rules.headingHeight)
        return larger || (look.isBold && look.size >= bodySize * Rules.smallestHeading)
    }

    /// Whether `text` reads as code rather than as a heading: it assigns or compares (` = `,
    /// `==`, a line ending in `=`) or prompts (`>>>`), which a heading's words do not.
    static func readsAsCode(_ text: String) -> Bool {
        text.contains(/\s=|=\s|==|=$|>>>/)
    }

    /// The level of a heading of `look` saying `text`, from 1: its look's rank among the
    /// headings' looks met so far, or its numbering's depth under the levels above the
    /// numbered headings.
    mutating func level(of look: PrintedParagraph.Look, text: String) -> Int {
        // A scan's headings of one look measure a pixel or so apart: the first met stands for them.
        let look = looks.first { $0.isMeasuredAlike(look) } ?? look
        if !looks.contains(look) {
            looks.append(look)
            looks.sort { ($0.size, $0.isBold ? 1 : 0) > ($1.size, $1.isBold ? 1 : 0) }
        }
        let rank = looks.firstIndex(of: look)! + 1
        guard let depth = Self.numberingDepth(of: text) else { return min(rank, 6) }
        let base = numberingBase ?? max(0, rank - depth)
        numberingBase = base
        return min(max(base + depth, 1), 6)
    }

    /// How many numbers a heading's numbering holds: `2` for "3.1 Results", `nil` for none.
    static func numberingDepth(of text: String) -> Int? {
        guard let match = text.prefixMatch(of: /(\d{1,3}(?:\.\d{1,3})*)\.?\s+\p{L}/) else { return nil }
        return match.1.split(separator: ".").count
    }
}
