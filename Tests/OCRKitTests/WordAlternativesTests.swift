import OCRKit
import Testing

@Suite struct WordAlternativesTests {
    private func symbol(_ choices: [(String, Double)]) -> Symbol {
        let rect = Rect(x: 0, y: 0, width: 1, height: 1)
        return Symbol(text: choices[0].0, confidence: choices[0].1, box: rect, quad: rect.quad,
                      alternatives: choices.map { Alternative(text: $0.0, confidence: $0.1) })
    }

    @Test func ranksReadingsByTheProductOfSymbolProbabilities() {
        let symbols = [
            symbol([("c", 0.9)]),
            symbol([("0", 0.55), ("O", 0.40), ("o", 0.05)]),
            symbol([("d", 0.8), ("a", 0.2)]),
        ]
        let alternatives = Word.alternatives(from: symbols, count: 3)
        #expect(alternatives.map(\.text) == ["c0d", "cOd", "c0a"])
        #expect(abs(alternatives[0].confidence - 0.9 * 0.55 * 0.8) < 1e-12)
        #expect(abs(alternatives[2].confidence - 0.9 * 0.55 * 0.2) < 1e-12)
    }

    @Test func matchesAnExhaustiveSearch() {
        let symbols = (0..<5).map { index in
            symbol([("a", 0.5 + Double(index) * 0.05), ("b", 0.3), ("c", 0.2 - Double(index) * 0.02)])
        }
        var all: [(String, Double)] = [("", 1)]
        for symbol in symbols {
            all = all.flatMap { prefix in symbol.alternatives.map { (prefix.0 + $0.text, prefix.1 * $0.confidence) } }
        }
        let expected = all.sorted { $0.1 > $1.1 }.prefix(4).map(\.0)
        #expect(Word.alternatives(from: symbols, count: 4).map(\.text) == expected)
    }

    @Test func nothingToRankGivesNoAlternatives() {
        #expect(Word.alternatives(from: [], count: 3).isEmpty)
        #expect(Word.alternatives(from: [symbol([("a", 1)])], count: 0).isEmpty)
    }
}
