import OCRKit

/// Assembles blocks, paragraphs, lines, words and symbols from a walk that announces where each
/// begins, as Tesseract's result iterator does. Rectangles come in pixels; the builder
/// normalises them.
struct LayoutBuilder {
    private struct PendingLine {
        var confidence: Double
        var rect: Rect
        /// Tesseract's text of the line, with the spaces it sees between words.
        var text: String
        var words: [Word] = []
    }

    private struct PendingWord {
        var text: String
        var confidence: Double
        var rect: Rect
        var symbols: [Symbol] = []
    }

    private let width: Double
    private let height: Double
    private let alternativeCount: Int
    private var layout: [[[Line]]] = []
    private var line: PendingLine?
    private var word: PendingWord?

    init(width: Double, height: Double, alternativeCount: Int) {
        self.width = width
        self.height = height
        self.alternativeCount = alternativeCount
    }

    mutating func beginBlock() {
        finishLine()
        layout.append([])
    }

    mutating func beginParagraph() {
        finishLine()
        if layout.isEmpty { layout.append([]) }
        layout[layout.count - 1].append([])
    }

    /// - Parameter text: Tesseract's text of the line, which says where spaces are.
    mutating func beginLine(confidence: Double, rect: Rect, text: String) {
        finishLine()
        line = PendingLine(confidence: confidence, rect: rect, text: text)
    }

    mutating func beginWord(text: String, confidence: Double, rect: Rect) {
        finishWord()
        word = PendingWord(text: text, confidence: confidence, rect: rect)
    }

    mutating func addSymbol(text: String, confidence: Double, rect: Rect, alternatives: [Alternative]) {
        let symbol = Symbol(text: text, confidence: confidence, box: normalized(rect), quad: rect.quad,
                            alternatives: alternatives)
        word?.symbols.append(symbol)
    }

    mutating func finish() -> [[[Line]]] {
        finishLine()
        return layout
    }

    private mutating func finishWord() {
        guard let pending = word else { return }
        word = nil
        guard !pending.text.isEmpty else { return }
        var finished = Word(text: pending.text, confidence: pending.confidence, box: normalized(pending.rect),
                            quad: pending.rect.quad, symbols: pending.symbols)
        if alternativeCount > 0 {
            finished.alternatives = alternatives(of: finished)
        }
        line?.words.append(finished)
    }

    /// The word's own reading first, then the likeliest others its symbols allow.
    private func alternatives(of word: Word) -> [Alternative] {
        let candidates = Word.alternatives(from: word.symbols, count: alternativeCount)
        let own = candidates.first { $0.text == word.text } ?? Alternative(text: word.text, confidence: word.confidence)
        return [own] + candidates.filter { $0.text != word.text }.prefix(alternativeCount - 1)
    }

    private mutating func finishLine() {
        finishWord()
        guard let pending = line else { return }
        line = nil
        guard !pending.words.isEmpty else { return }
        if layout.isEmpty { layout.append([]) }
        if layout[layout.count - 1].isEmpty { layout[layout.count - 1].append([]) }
        let words = joiningUnspaced(pending.words, in: pending.text)
        layout[layout.count - 1][layout[layout.count - 1].count - 1].append(
            Line(text: words.map(\.text).joined(separator: " "), confidence: pending.confidence, box: normalized(pending.rect),
                 quad: pending.rect.quad, words: words))
    }

    /// `words` with those that follow one another without a space in the line's `text` joined
    /// into one where ``OCRKit/Script/joinsWithoutSpace(_:_:)`` says they are one run of text: a
    /// word is a run of symbols without white space, and Tesseract splits a Chinese, Japanese or
    /// Thai line into words that its own text writes together (ザン ビア 共和 国 is ザンビア共和国).
    /// Elsewhere a word boundary keeps its space, as the words' own scripts write it.
    private func joiningUnspaced(_ words: [Word], in text: String) -> [Word] {
        // Code points rather than characters: a Thai word may begin with a vowel sign that, in
        // the line, is part of the character before it.
        let line = Array(text.unicodeScalars)
        var joined: [Word] = [], position = 0
        for word in words {
            let scalars = Array(word.text.unicodeScalars)
            guard !scalars.isEmpty, let start = (position...max(position, line.count - scalars.count)).first(where: {
                $0 + scalars.count <= line.count && line[$0..<$0 + scalars.count].elementsEqual(scalars)
            }) else {
                joined.append(word)
                continue
            }
            let spaced = line[position..<start].contains { $0.properties.isWhitespace }
            position = start + scalars.count
            if let previous = joined.last, !spaced, let last = previous.text.last, let first = word.text.first,
               Script.joinsWithoutSpace(last, first) {
                joined[joined.count - 1] = joining(previous, word)
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// One word of two that follow one another, its confidence their characters' mean.
    private func joining(_ first: Word, _ second: Word) -> Word {
        let counts = (Double(first.text.count), Double(second.text.count))
        var word = Word(text: first.text + second.text,
                        confidence: (first.confidence * counts.0 + second.confidence * counts.1) / (counts.0 + counts.1),
                        box: first.box.union(second.box),
                        quad: Quad(topLeft: first.quad.topLeft, topRight: second.quad.topRight, bottomRight: second.quad.bottomRight,
                                   bottomLeft: first.quad.bottomLeft),
                        symbols: first.symbols + second.symbols)
        if alternativeCount > 0 { word.alternatives = alternatives(of: word) }
        return word
    }

    private func normalized(_ rect: Rect) -> Rect {
        rect.scaled(width: 1 / width, height: 1 / height)
    }
}
