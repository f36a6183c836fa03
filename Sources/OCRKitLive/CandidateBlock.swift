import OCRKit

/// The part of a page that may hold the text sought, with the values it may read as.
struct CandidateBlock: Sendable {
    /// Normalised to the frame.
    var box: Rect
    /// Best first, each value once, every one fitting the pattern.
    var candidates: [Candidate]
    /// The text character by character, with the engine's alternatives.
    var reading: CharacterReading

    /// The tallest line or word of `page` (the larger, of equal heights) that some of its top
    /// `count` readings make fit `pattern`, and that `place` (with `page` recorded) does not
    /// reject: a plate's characters are the largest text near it, and a word is tried alone where
    /// its line holds more (`GARAGE 7XYZ890`).
    static func largestPlausible(in page: Page, pattern: TextPattern, count: Int, place: PlatePlace) -> CandidateBlock? {
        var blocks: [CandidateBlock] = []
        for line in page.lines {
            let symbols = line.words.flatMap(\.symbols)
            let readings = symbols.contains { !$0.alternatives.isEmpty }
                ? Word.alternatives(from: symbols, count: count) : []
            blocks.append(block(box: line.box, readings: readings, text: line.text, confidence: line.confidence,
                                symbols: symbols, pattern: pattern, count: count))
            guard line.words.count > 1 else { continue }
            for word in line.words {
                blocks.append(block(box: word.box, readings: word.alternatives, text: word.text,
                                    confidence: word.confidence, symbols: word.symbols, pattern: pattern, count: count))
            }
        }
        return blocks.filter { !$0.candidates.isEmpty && place.rejection(of: $0.box) == nil }
            .max { ($0.box.height, $0.box.area) < ($1.box.height, $1.box.area) }
    }

    /// The block's readings fitted to `pattern`. Readings ranked by an engine carry probabilities
    /// of their own scale (a product over characters); they are rescaled so that the best one has
    /// the element's confidence and the others keep their ratio to it.
    private static func block(box: Rect, readings: [Alternative], text: String, confidence: Double, symbols: [Symbol],
                              pattern: TextPattern, count: Int) -> CandidateBlock {
        let ranked = readings.isEmpty ? [Alternative(text: text, confidence: 1)] : Array(readings.prefix(count))
        let best = max(ranked[0].confidence, .leastNonzeroMagnitude)
        var candidates: [Candidate] = []
        for reading in ranked {
            guard let value = pattern.normalize(reading.text), !candidates.contains(where: { $0.value == value }) else { continue }
            candidates.append(Candidate(value: value, confidence: confidence * reading.confidence / best))
        }
        return CandidateBlock(box: box, candidates: candidates, reading: CharacterReading(symbols: symbols, weight: confidence, pattern: pattern))
    }
}
