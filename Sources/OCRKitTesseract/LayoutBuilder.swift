import OCRKit

/// Assembles blocks, paragraphs, lines, words and symbols from a walk that announces where each
/// begins, as Tesseract's result iterator does. Rectangles come in pixels; the builder
/// normalises them.
struct LayoutBuilder {
    private struct PendingLine {
        var confidence: Double
        var rect: Rect
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

    mutating func beginLine(confidence: Double, rect: Rect) {
        finishLine()
        line = PendingLine(confidence: confidence, rect: rect)
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
        let text = pending.words.map(\.text).joined(separator: " ")
        layout[layout.count - 1][layout[layout.count - 1].count - 1].append(
            Line(text: text, confidence: pending.confidence, box: normalized(pending.rect), quad: pending.rect.quad,
                 words: pending.words))
    }

    private func normalized(_ rect: Rect) -> Rect {
        rect.scaled(width: 1 / width, height: 1 / height)
    }
}
