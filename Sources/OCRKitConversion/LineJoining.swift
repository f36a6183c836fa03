import OCRKit

/// How a paragraph's lines become one text: by a space, or, where a line ends in a hyphen, by
/// the rule of ``join(_:_:)``. One rule for lines, columns and pages.
struct LineJoining: Sendable {
    /// The language's words, which tell a broken word from a hyphenated one; without it, a
    /// hyphen printed at a line's end is kept unless the text layer says it is a soft one.
    let words: WordList?

    /// `texts` joined in turn.
    func joined(_ texts: [String]) -> String {
        texts.dropFirst().reduce(texts.first ?? "") { join($0, $1) }
    }

    /// `text` followed by `next`, the text of the line after it:
    /// - after a soft hyphen the line broke at (`erro\u{AD}‐`), the word made whole (`erroneously`);
    /// - after a hyphen between letters, made whole where the joined word is a word of the
    ///   language (`com-` `pile`), the hyphen kept otherwise (`general-` `purpose`), without a space;
    /// - after a dash set apart by a space (`hook --` `except`), with a space; a dash printed
    ///   against its word (`program--` `to`) is kept, without one;
    /// - otherwise with a space.
    func join(_ text: String, _ next: String) -> String {
        let next = next.drop { $0 == " " }
        guard !text.isEmpty else { return String(next) }
        guard !next.isEmpty else { return text }
        var scalars = text.unicodeScalars
        guard let last = scalars.last, Hyphen.characters.contains(last) else { return text + " " + next }
        if scalars.reversed().drop(while: { Hyphen.characters.contains($0) }).first == " " { return text + " " + next }
        scalars.removeLast()
        if scalars.last == Hyphen.soft {
            scalars.removeLast()
            return String(scalars) + next
        }
        let head = String(String(scalars).reversed().prefix { $0.isLetter }.reversed())
        let tail = String(next.prefix { $0.isLetter })
        guard !head.isEmpty, !tail.isEmpty else { return text + next }
        if isBrokenWord(head: head, tail: tail) { return String(scalars) + next }
        return text + next
    }

    /// `table` with each cell's lines that end in a hyphen joined to the next by ``join(_:_:)``,
    /// as a paragraph's are; a cell's other line breaks kept.
    func mended(_ table: Table) -> Table {
        var table = table
        for index in table.cells.indices where table.cells[index].text.contains("\n") {
            var lines: [String] = []
            for line in table.cells[index].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if let last = lines.last, let end = last.unicodeScalars.last, Hyphen.characters.contains(end) {
                    lines[lines.count - 1] = join(last, line)
                } else {
                    lines.append(line)
                }
            }
            table.cells[index].text = lines.joined(separator: "\n")
        }
        return table
    }

    /// Whether `head` and `tail` are the two parts of one word the line broke.
    private func isBrokenWord(head: String, tail: String) -> Bool {
        guard let words, tail.first?.isLowercase ?? false else { return false }
        return words.contains(head + tail)
    }
}
