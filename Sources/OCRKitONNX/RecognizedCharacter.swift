import OCRKit

/// One character a line recogniser read: its text, its probability, the likeliest characters at
/// its place, and where along the line it is.
struct RecognizedCharacter: Sendable, Equatable {
    var text: String
    var confidence: Double
    var alternatives: [Alternative]
    /// Where the character lies along the line, as fractions of the line's length.
    var span: ClosedRange<Double>

    init(text: String, confidence: Double, alternatives: [Alternative], span: ClosedRange<Double>) {
        self.text = text
        self.confidence = confidence
        self.alternatives = alternatives
        self.span = span
    }
}

extension Line {
    /// A line read along `quad`, its words split at spaces and each character placed by its
    /// span; boxes are normalised to an image of `width` x `height` pixels.
    init(reading characters: [RecognizedCharacter], confidence: Double, along quad: Quad, imageWidth width: Int,
         imageHeight height: Int, alternativeCount: Int) {
        func normalized(_ quad: Quad) -> Rect {
            quad.boundingRect.scaled(width: 1 / Double(width), height: 1 / Double(height))
        }
        var words: [Word] = []
        var run: [RecognizedCharacter] = []
        func finishWord() {
            guard let first = run.first, let last = run.last else { return }
            let symbols = run.map { character in
                let part = quad.section(from: character.span.lowerBound, to: character.span.upperBound)
                return Symbol(text: character.text, confidence: character.confidence, box: normalized(part), quad: part,
                              alternatives: alternativeCount > 0 ? character.alternatives : [])
            }
            let part = quad.section(from: first.span.lowerBound, to: last.span.upperBound)
            words.append(Word(text: run.map(\.text).joined(), confidence: run.map(\.confidence).reduce(0, +) / Double(run.count),
                              box: normalized(part), quad: part,
                              alternatives: Word.alternatives(from: symbols, count: alternativeCount), symbols: symbols))
            run = []
        }
        for character in characters {
            if character.text.allSatisfy(\.isWhitespace) { finishWord() } else { run.append(character) }
        }
        finishWord()
        self.init(text: words.map(\.text).joined(separator: " "), confidence: confidence, box: normalized(quad), quad: quad,
                  words: words)
    }
}

extension Quad {
    /// The part of this quad between two fractions of its length, along its top and bottom edges.
    func section(from start: Double, to end: Double) -> Quad {
        func along(_ a: Point, _ b: Point, _ fraction: Double) -> Point {
            Point(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
        }
        return Quad(topLeft: along(topLeft, topRight, start), topRight: along(topLeft, topRight, end),
                    bottomRight: along(bottomLeft, bottomRight, end), bottomLeft: along(bottomLeft, bottomRight, start))
    }
}

/// The `capacity` highest scores offered at one step of a recogniser's output, highest first:
/// a character's likeliest candidates, found in one pass over thousands of classes.
struct TopScores {
    let capacity: Int
    private(set) var entries: [(index: Int, score: Float)] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        entries.reserveCapacity(self.capacity + 1)
    }

    mutating func offer(_ index: Int, _ score: Float) {
        guard entries.count < capacity || score > entries[entries.count - 1].score else { return }
        let position = entries.firstIndex { score > $0.score } ?? entries.count
        entries.insert((index, score), at: position)
        if entries.count > capacity { entries.removeLast() }
    }
}
