extension Page {
    /// The confidence under which ``flaggingDoubtfulText(below:)`` flags text by default.
    public static let defaultFlagThreshold = 0.5

    /// This page with every word and symbol whose confidence is under `threshold` flagged for a
    /// person to check; a word holding a flagged symbol is flagged too. Their alternatives (the
    /// engine's top candidates) say what else the text may be.
    ///
    /// ```swift
    /// let flagged = page.flaggingDoubtfulText()
    /// for word in flagged.words where word.isFlagged {
    ///     print(word.text, "or perhaps", word.alternatives.dropFirst().map(\.text))
    /// }
    /// ```
    public func flaggingDoubtfulText(below threshold: Double = defaultFlagThreshold) -> Page {
        var page = self
        for lineIndex in page.lines.indices {
            for wordIndex in page.lines[lineIndex].words.indices {
                var word = page.lines[lineIndex].words[wordIndex]
                for symbolIndex in word.symbols.indices {
                    word.symbols[symbolIndex].isFlagged = word.symbols[symbolIndex].confidence < threshold
                }
                word.isFlagged = word.confidence < threshold || word.symbols.contains(where: \.isFlagged)
                page.lines[lineIndex].words[wordIndex] = word
            }
        }
        return page
    }

    /// The text, as ``text`` gives it, with each flagged word written `[[word|other|other]]`: the
    /// reading, then its alternatives.
    public var textMarkingFlaggedWords: String {
        paragraphs.map { paragraph in
            paragraph.lines.map { index in
                let line = lines[index]
                guard line.words.contains(where: \.isFlagged) else { return line.text }
                return line.words.map { word in
                    guard word.isFlagged else { return word.text }
                    let others = word.alternatives.map(\.text).filter { $0 != word.text }
                    return "[[" + ([word.text] + others).joined(separator: "|") + "]]"
                }.joined(separator: " ")
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
