import OCRKit

/// One frame's reading of the chosen text, character by character: each place's choices with the
/// recogniser's probabilities, so that frames can be weighed against each other where they differ.
///
/// A recogniser that wavers between W and N gives both, with their probabilities: the frames that
/// see the letter clearly then outweigh those that do not (see ``CharacterConsensus``).
struct CharacterReading: Sendable, Hashable {
    /// Each place's choices, best first: one letter (A-Z, or of the pattern's script) or digit
    /// each, with probabilities from 0 to 1 that add up to at most 1.
    var places: [[Alternative]]
    /// How much the reading counts beside other frames': the engine's confidence in the text.
    var weight: Double

    init(places: [[Alternative]], weight: Double) {
        self.places = places
        self.weight = weight
    }

    /// The reading of `symbols` as a plate shows it: upper case, with all but the letters and
    /// digits of `pattern` left out (spaces, dashes, dots). A symbol the engine gave no
    /// alternatives for is its own text at its confidence.
    init(symbols: [Symbol], weight: Double, pattern: TextPattern) {
        // `text` as one character of a value; `nil` when it is anything else.
        func plain(_ text: String) -> Character? {
            let upper = text.uppercased()
            return upper.count == 1 ? upper.first.flatMap(pattern.plain) : nil
        }
        var places: [[Alternative]] = []
        for symbol in symbols {
            let choices = symbol.alternatives.isEmpty ? [Alternative(text: symbol.text, confidence: symbol.confidence)] : symbol.alternatives
            guard let first = plain(choices[0].text) else { continue }
            var pooled: [Character: Double] = [:], order: [Character] = [first]
            for choice in choices {
                // A choice that is not one plain character (a space, a dash) is no choice for this place.
                guard let character = plain(choice.text) else { continue }
                if pooled[character] == nil, character != first { order.append(character) }
                pooled[character, default: 0] += choice.confidence
            }
            let total = max(1, pooled.values.reduce(0, +))
            places.append(order.map { Alternative(text: String($0), confidence: pooled[$0, default: 0] / total) })
        }
        self.init(places: places, weight: weight)
    }

    /// Whether the reading is in doubt: a place whose best choice has less than `sure`
    /// probability, or holds a character `pattern` would also take as its look-alike (O and 0
    /// where either may stand), which frames misread alike.
    func isDoubtful(below sure: Double, under pattern: TextPattern) -> Bool {
        places.contains { choices in
            guard let best = choices.first else { return false }
            return best.confidence < sure || best.text.first.flatMap(pattern.lookAlike(of:)) != nil
        }
    }

    /// The probability this reading gives to `key` (a ``TextPattern/lookAlikeKey(_:)``) at `place`:
    /// look-alikes, which the pattern tells apart, count as one.
    func probability(ofKey key: Character, at place: Int) -> Double {
        places[place].reduce(0) { $0 + (TextPattern.lookAlikeKey($1.text) == String(key) ? $1.confidence : 0) }
    }
}
