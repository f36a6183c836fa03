import OCRKit

/// What the frames' readings say of each character of a value, and the value they agree on.
///
/// Each reading is aligned with the value (readings a character longer or shorter included), and
/// each of its places adds its probabilities, times the reading's weight, to the place of the
/// value it stands under. A place goes to the character with the most evidence: a letter read N
/// at 0.6 in most frames and W at 0.99 in the clear ones is W; a place most readings do not have
/// (a sticker's mark before the plate) is dropped. Its share of the evidence says how sure the
/// frames are of it; the weakest place is the value's doubt.
///
/// Look-alikes (O and 0) count as one where the pattern tells which stands there (a UK plate's
/// digits), and as rivals where it does not.
///
/// ```swift
/// let consensus = CharacterConsensus(value: "NSG979", readings: readings, pattern: .plate)
/// print(consensus.value, consensus.places.map(\.share).min() ?? 1)   // WSG979 0.58
/// ```
struct CharacterConsensus: Sendable {
    /// The value the readings agree on, character by character: `value` mended, when the mended
    /// value fits the pattern.
    let value: String
    /// The places of ``value``.
    let places: [CharacterShare]
    /// How many readings stood close enough to the value to be aligned with it.
    let readingCount: Int

    /// - Parameter value: the value leading the votes; readings further from it than half its
    ///   length are of other text and left out.
    init(value: String, readings: [CharacterReading], pattern: TextPattern) {
        let target = Array(value)
        var evidence = [[Character: Double]](repeating: [:], count: target.count)
        var absent = [Double](repeating: 0, count: target.count), total = 0.0
        var aligned = 0
        for reading in readings {
            guard let pairs = Self.alignment(of: reading, with: target) else { continue }
            aligned += 1
            total += reading.weight
            var present = [Bool](repeating: false, count: target.count)
            for (readPlace, place) in pairs {
                present[place] = true
                for choice in reading.places[readPlace] {
                    evidence[place][Character(choice.text), default: 0] += reading.weight * choice.confidence
                }
            }
            for place in target.indices where !present[place] { absent[place] += reading.weight }
        }
        total = max(total, .leastNonzeroMagnitude)

        // Each place's characters by their evidence, best first; where the pattern decides between
        // look-alikes, the value's stands for both.
        let fits = pattern.matches(value)
        let tallies = target.indices.map { place in
            let decided = fits && Self.patternDecides(place, of: target, pattern)
            var weights: [Character: Double] = [:]
            for (character, weight) in evidence[place] {
                let counted = decided && Self.key(character) == Self.key(target[place]) ? target[place] : character
                weights[counted, default: 0] += weight
            }
            return weights.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { (character: $0.key, weight: $0.value) }
        }
        func place(_ index: Int, as character: Character) -> CharacterShare {
            let ranked = tallies[index]
            let runnerUp = ranked.first { $0.character != character }
            return CharacterShare(character: character, share: (ranked.first { $0.character == character }?.weight ?? 0) / total,
                         runnerUp: runnerUp?.character, runnerUpShare: (runnerUp?.weight ?? 0) / total)
        }

        var mended: [Character] = [], mendedPlaces: [Int] = []
        for index in target.indices {
            guard let best = tallies[index].first, absent[index] <= best.weight else { continue }
            mended.append(best.character)
            mendedPlaces.append(index)
        }
        if mended != target, let fitting = pattern.normalize(String(mended)), fitting.count == mended.count {
            let characters = Array(fitting)
            places = zip(mendedPlaces, characters).map { place($0, as: $1) }
            self.value = fitting
        } else {
            places = target.indices.map { place($0, as: target[$0]) }
            self.value = value
        }
        readingCount = aligned
    }

    /// The place that falls furthest short of the share of the evidence it needs, its number
    /// from 1 and that share; `nil` for an empty value. A place needs `minimumShare`; one whose
    /// runner-up is its look-alike, which the pattern leaves open (a 1 the frames also read as I),
    /// needs to lead it by `lookAlikeLead` too: frames misread a look-alike alike, so a close
    /// one is no evidence either way.
    func weakest(minimumShare: Double, lookAlikeLead: Double) -> (number: Int, place: CharacterShare, needed: Double)? {
        places.enumerated().map { index, place in
            let rival = place.runnerUp.map { TextPattern.lookAlikeKey(String($0)) == TextPattern.lookAlikeKey(String(place.character)) } ?? false
            return (number: index + 1, place: place, needed: max(minimumShare, rival ? place.runnerUpShare + lookAlikeLead : 0))
        }.min { $0.place.share - $0.needed < $1.place.share - $1.needed }
    }

    /// Whether `pattern`, which `value` fits, tells which of a look-alike pair stands at `place`:
    /// it does not fit with the look-alike there.
    private static func patternDecides(_ place: Int, of value: [Character], _ pattern: TextPattern) -> Bool {
        guard let other = pattern.lookAlike(of: value[place]) else { return false }
        var swapped = value
        swapped[place] = other
        return !pattern.matches(String(swapped))
    }

    /// The reading's places paired with the value's, by the alignment that costs least: a place
    /// costs what its probability for the value's character (or a look-alike) falls short of 1, a
    /// character added or dropped costs 1. `nil` when that is over half the value's length: other text.
    static func alignment(of reading: CharacterReading, with target: [Character]) -> [(Int, Int)]? {
        let rows = reading.places.count, columns = target.count
        guard rows > 0, columns > 0 else { return nil }
        func substitution(_ row: Int, _ column: Int) -> Double {
            1 - reading.probability(ofKey: key(target[column - 1]), at: row - 1)
        }
        var cost = [[Double]](repeating: [Double](repeating: 0, count: columns + 1), count: rows + 1)
        for row in 0...rows { cost[row][0] = Double(row) }
        for column in 0...columns { cost[0][column] = Double(column) }
        for row in 1...rows {
            for column in 1...columns {
                cost[row][column] = min(cost[row - 1][column - 1] + substitution(row, column),
                                        cost[row - 1][column] + 1, cost[row][column - 1] + 1)
            }
        }
        guard cost[rows][columns] <= Double(columns) / 2 else { return nil }
        var pairs: [(Int, Int)] = [], row = rows, column = columns
        while row > 0, column > 0 {
            if abs(cost[row][column] - (cost[row - 1][column - 1] + substitution(row, column))) < 1e-9 {
                pairs.append((row - 1, column - 1))
                row -= 1
                column -= 1
            } else if abs(cost[row][column] - (cost[row - 1][column] + 1)) < 1e-9 {
                row -= 1
            } else {
                column -= 1
            }
        }
        return pairs.reversed()
    }

    private static func key(_ character: Character) -> Character {
        TextPattern.lookAlikeKey(String(character)).first ?? character
    }
}
