import OCRKit

/// The part of a page that may hold the text sought, with the values it may read as.
struct CandidateBlock: Sendable {
    /// Normalised to the frame.
    var box: Rect
    /// Best first, each value once, every one fitting the pattern.
    var candidates: [Candidate]

    /// The tallest line or word of `page` (the larger, of equal heights) that some of its top
    /// `count` readings make fit `pattern`: a plate's characters are the largest text near it, and
    /// a word is tried alone where its line holds more (`GARAGE 7XYZ890`). Text lower than
    /// ``minimumShareOfTallest`` of the page's tallest line is not tried.
    static func largestPlausible(in page: Page, pattern: TextPattern, count: Int) -> CandidateBlock? {
        var blocks: [CandidateBlock] = []
        for line in page.lines {
            let symbols = line.words.flatMap(\.symbols)
            let readings = symbols.contains { !$0.alternatives.isEmpty }
                ? Word.alternatives(from: symbols, count: count) : []
            blocks.append(block(box: line.box, readings: readings, text: line.text, confidence: line.confidence,
                                pattern: pattern, count: count))
            guard line.words.count > 1 else { continue }
            for word in line.words {
                blocks.append(block(box: word.box, readings: word.alternatives, text: word.text,
                                    confidence: word.confidence, pattern: pattern, count: count))
            }
        }
        let lowest = minimumShareOfTallest * (page.lines.map(\.box.height).max() ?? 0)
        return blocks.filter { !$0.candidates.isEmpty && $0.box.height >= lowest }
            .max { ($0.box.height, $0.box.area) < ($1.box.height, $1.box.area) }
    }

    /// Smaller text is not the text sought, even when the tallest cannot be made to fit: a
    /// dealer's sign under a plate misread (`MOTORS` under `K179658`). On the 219 plates of
    /// `ocr bench live`: accepted 0.790 -> 0.795, false accepts 7.46 -> 6.70 per 1,000 frames
    /// (0.8: the same, and one frame's read of a plate fewer).
    static let minimumShareOfTallest = 0.6

    /// The block's readings fitted to `pattern`. Readings ranked by an engine carry probabilities
    /// of their own scale (a product over characters); they are rescaled so that the best one has
    /// the element's confidence and the others keep their ratio to it.
    private static func block(box: Rect, readings: [Alternative], text: String, confidence: Double,
                              pattern: TextPattern, count: Int) -> CandidateBlock {
        let ranked = readings.isEmpty ? [Alternative(text: text, confidence: 1)] : Array(readings.prefix(count))
        let best = max(ranked[0].confidence, .leastNonzeroMagnitude)
        var candidates: [Candidate] = []
        for reading in ranked {
            guard let value = pattern.normalize(reading.text), !candidates.contains(where: { $0.value == value }) else { continue }
            candidates.append(Candidate(value: value, confidence: confidence * reading.confidence / best))
        }
        return CandidateBlock(box: box, candidates: candidates)
    }
}
