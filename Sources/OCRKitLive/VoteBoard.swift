import OCRKit

/// The votes of the last frames for each value, and the rule that accepts one: a value is
/// accepted once it has led the votes of the rolling window, with enough weight and share, for
/// long enough and in enough frames; the weight it needs grows with its doubt (small text, close
/// runners-up).
struct VoteBoard: Sendable {
    struct Vote: Sendable {
        var time: Duration
        var candidate: Candidate
        /// Where the value was read, normalised to the frame.
        var box: Rect
        /// The height of the text read, in the frame's pixels.
        var textHeight: Double
        /// The frame's pixels around `box`, shared by the votes of one frame.
        var evidence: Bitmap?
        /// Whether this was the frame's best reading rather than a runner-up.
        var isFirstChoice: Bool
        /// How far this reading's confidence was ahead of the frame's next; 0 for a runner-up.
        var margin: Double
        /// The frame's text character by character, on its first choice only.
        var reading: CharacterReading?
    }

    /// What the votes make of the frames so far.
    enum Decision: Equatable {
        /// Nothing fitting has been read in the window.
        case none
        /// `value` leads the votes but is not sure enough yet, for `reason`.
        case waiting(value: String, reason: HoldReason)
        case accepted(String, grounds: LiveScanner.Acceptance.Grounds)
    }

    let rules: LiveScanner.Configuration
    private(set) var votes: [Vote] = []
    /// Readings of the frames' text by a second recogniser: evidence for its characters, no votes.
    private var witnesses: [(time: Duration, reading: CharacterReading)] = []
    /// The look-alike key in the lead, and since when.
    private var leader: (key: String, since: Duration)?

    init(rules: LiveScanner.Configuration) {
        self.rules = rules
    }

    /// Adds one frame's candidates, best first, each a vote weighted by its confidence. Votes
    /// that have left the window are forgotten by ``decide(at:excluding:)``, called every frame.
    mutating func record(_ candidates: [Candidate], reading: CharacterReading? = nil, box: Rect, textHeight: Double,
                         evidence: Bitmap?, at time: Duration) {
        let margin = candidates.count > 1 ? candidates[0].confidence - candidates[1].confidence : candidates.first?.confidence ?? 0
        votes += candidates.enumerated().map {
            Vote(time: time, candidate: $1, box: box, textHeight: textHeight, evidence: evidence, isFirstChoice: $0 == 0,
                 margin: $0 == 0 ? margin : 0, reading: $0 == 0 ? reading : nil)
        }
    }

    /// Adds a second recogniser's reading of the text a frame kept, read at `time`: weighed with
    /// the frames' readings character by character, it votes for no value.
    mutating func witness(_ reading: CharacterReading, at time: Duration) {
        witnesses.append((time, reading))
    }

    /// What the votes decide at `time`. Call it once a frame read, with or without votes: a
    /// value's lead is timed from the first frame it led in without a break.
    ///
    /// Every vote counts towards a value's weight, but its share is taken of the frames' first
    /// choices only: a steady read whose runners-up are strong (`CCLVN3`, then `CCLVW3` for an
    /// unsure N) must not be outvoted by its own doubts.
    ///
    /// Values that differ only in look-alike characters (see ``TextPattern/lookAlikeKey(_:)``)
    /// pool their votes, as reads of one text the engine wavers on; the best voted of them is the
    /// one accepted. With a plate's `family`, a read none of its likely formats takes votes for a
    /// steady read one character from it that one does (`RKO069AV` for `RK069AV`). None is
    /// accepted while the lead is held by one of `excluded`, by a look-alike of one, or by text
    /// one character added, dropped or changed from one: the same text misread.
    ///
    /// The value is then weighed character by character over the frames' readings (see
    /// ``CharacterConsensus``): a character most frames misread is mended by the frames that read
    /// it surely, and a value whose weakest character has less than the minimum share of the
    /// evidence waits. With a `family`, that character is first dropped where only without it
    /// the family's likely formats take the read (`LMO010BE` is `LM010BE`).
    ///
    /// With a plate's `family` (the frames' look), the value is read with the family's formats
    /// where it fits one and the pattern allows the result: a European plate's `PP587A0` is
    /// `PP587AO`, as Italy's format has letters last.
    ///
    /// While the frames' looks are `undecided` between families, a value one of them would read
    /// otherwise waits (`RK708A1`, `RK708AI` on a European plate).
    mutating func decide(at time: Duration, excluding excluded: Set<String> = [], family: PlateFamily? = nil,
                         undecided: Set<PlateFamily> = []) -> Decision {
        votes.removeAll { $0.time <= time - rules.window }
        witnesses.removeAll { $0.time <= time - rules.window }
        let misreads = family.map { misreadKeys(in: votes, family: $0) } ?? [:]
        var weights: [String: Double] = [:], keyWeights: [String: Double] = [:], firstChoices: [String: Double] = [:]
        for vote in votes {
            let key = Self.key(of: vote.candidate.value, misreads: misreads)
            weights[vote.candidate.value, default: 0] += vote.candidate.confidence
            keyWeights[key, default: 0] += vote.candidate.confidence
            if vote.isFirstChoice { firstChoices[key, default: 0] += vote.candidate.confidence }
        }
        guard let (key, weight) = Self.heaviest(keyWeights),
              let read = Self.heaviest(weights.filter({ TextPattern.lookAlikeKey($0.key) == key }))?.key else {
            leader = nil
            return .none
        }
        if leader?.key != key { leader = (key, time) }
        let lead = time - (leader?.since ?? time)
        let share = (firstChoices[key] ?? 0) / max(firstChoices.values.reduce(0, +), .leastNonzeroMagnitude)
        let reads = votes.filter { $0.isFirstChoice && Self.key(of: $0.candidate.value, misreads: misreads) == key }
        let doubt = self.doubt(of: reads)
        let needed = rules.minimumWeight * doubt.factor
        // The read as the frames' characters make it, then with the family's formats where it fits
        // one and the pattern allows the result; a format swaps only characters the frames doubt.
        let readings = votes.compactMap(\.reading) + witnesses.map(\.reading)
        let consensusAsRead = CharacterConsensus(value: read, readings: readings, pattern: rules.pattern)
        let asRead = family.flatMap { withoutAddedGlyph(read, consensus: consensusAsRead, readings: readings, family: $0) }
            ?? consensusAsRead
        let formatted = family?.fitting(asRead.value, isDoubtful: { asRead.places[$0].share < rules.sureCharacter })
            .flatMap { rules.pattern.matches($0.value) ? $0 : nil }
        let consensus = formatted.map { CharacterConsensus(value: $0.value, readings: readings, pattern: $0.formats) } ?? asRead
        let value = consensus.value
        let reason: HoldReason? = if let seen = excluded.first(where: { Self.isWithinOneEdit(TextPattern.lookAlikeKey($0), key) }) {
            seen == value ? .acceptedAlready : .tooLike(seen)
        } else if lead < rules.minimumLeadTime - LiveScanner.timeSlack {
            .ledTooBriefly(lead: lead, minimum: rules.minimumLeadTime)
        } else if reads.count < rules.minimumFrames {
            .tooFewFrames(frames: reads.count, minimum: rules.minimumFrames)
        } else if share < rules.minimumShare {
            .tooSmallShare(share: share, minimum: rules.minimumShare)
        } else if weight < needed {
            .tooLittleWeight(weight: weight, needed: needed, doubts: doubt.causes)
        } else if consensus.readingCount > 0,
                  let (number, place, needed) = consensus.weakest(minimumShare: rules.minimumCharacterShare,
                                                                  lookAlikeLead: rules.minimumLookAlikeLead),
                  place.share < needed {
            .weakCharacter(HoldReason.WeakCharacter(position: number, character: place.character, share: place.share,
                                                    minimum: needed, runnerUp: place.runnerUp, runnerUpShare: place.runnerUpShare))
        } else if let rival = family?.rival(of: value), rules.pattern.matches(rival) {
            .formatRival(rival)
        } else if let family, family.refuses(value) {
            .fitsNoFormat(family)
        } else if let other = Self.otherReading(of: value, by: undecided, within: rules.pattern) {
            .lookUndecided(family: other.0, value: other.1)
        } else {
            nil
        }
        return reason.map { .waiting(value: value, reason: $0) }
            ?? .accepted(value, grounds: .init(read: read, formats: formatted?.formats.name, share: share, characters: consensus.places))
    }

    /// The look-alike key of `value`, or of the value it misreads.
    private static func key(of value: String, misreads: [String: String]) -> String {
        let key = TextPattern.lookAlikeKey(value)
        return misreads[key] ?? key
    }

    /// The reads of `votes` that are misreads of another, by look-alike key: a read that fits no
    /// likely format of `family` (see ``PlateFamily/isLikely(_:)``), one character longer or
    /// shorter than one that does and is read first in at least `minimumFrames` frames itself, is
    /// that value with a glyph added (`RKO069AV`: a Slovak plate's shield between its letters and
    /// digits read as O) or cut at the plate's edge (`RK708A`). Their votes count for it.
    private func misreadKeys(in votes: [Vote], family: PlateFamily) -> [String: String] {
        var frames: [String: Int] = [:]
        for vote in votes where vote.isFirstChoice { frames[TextPattern.lookAlikeKey(vote.candidate.value), default: 0] += 1 }
        let keys = Set(frames.keys)
        let likely = Set(keys.filter(family.isLikely))
        let steady = likely.filter { frames[$0, default: 0] >= rules.minimumFrames }
        var misreads: [String: String] = [:]
        for key in keys.subtracting(likely) {
            let near = steady.filter { abs($0.count - key.count) == 1 && Self.isWithinOneEdit($0, key) }
            if let value = near.max(by: { (frames[$0, default: 0], $1) < (frames[$1, default: 0], $0) }) { misreads[key] = value }
        }
        return misreads
    }

    /// The frames' characters for `read` (whose `consensus` they are) with its weakest character
    /// dropped, where the frames doubt that character (less than the minimum share of their
    /// evidence), `read` fits none of `family`'s likely formats and without it fits one: a glyph
    /// the recogniser adds (the gap between a plate's letters and digits read as O, `LMO010BE`).
    /// `nil` where any of that fails.
    private func withoutAddedGlyph(_ read: String, consensus: CharacterConsensus, readings: [CharacterReading],
                                   family: PlateFamily) -> CharacterConsensus? {
        guard !family.isLikely(read), consensus.readingCount > 0,
              let weakest = consensus.places.indices.min(by: { consensus.places[$0].share < consensus.places[$1].share }),
              consensus.places[weakest].share < rules.minimumCharacterShare else { return nil }
        var characters = consensus.places.map(\.character)
        characters.remove(at: weakest)
        let dropped = String(characters)
        return family.isLikely(dropped) ? CharacterConsensus(value: dropped, readings: readings, pattern: rules.pattern) : nil
    }

    /// The first of `families` (by name) whose formats read `value` otherwise, and how, where
    /// `pattern` allows it.
    private static func otherReading(of value: String, by families: Set<PlateFamily>, within pattern: TextPattern)
        -> (PlateFamily, String)? {
        for family in families.sorted(by: { $0.rawValue < $1.rawValue }) {
            if let other = family.fitting(value)?.value, other != value, pattern.matches(other) { return (family, other) }
        }
        return nil
    }

    /// How much the minimum weight is multiplied by for a value read as `reads` (its frames'
    /// first choices): for text lower than the sure height and for narrow leads over the
    /// runners-up, each by their mean over the reads; and what caused it.
    private func doubt(of reads: [Vote]) -> (factor: Double, causes: [HoldReason.Doubt]) {
        guard !reads.isEmpty else { return (1, []) }
        let height = reads.map(\.textHeight).reduce(0, +) / Double(reads.count)
        let margin = reads.map(\.margin).reduce(0, +) / Double(reads.count)
        let small = height > 0 ? min(3, max(1, rules.sureTextHeight / height)) : 3
        let close = rules.sureMargin > 0 ? 1 + max(0, rules.sureMargin - margin) / rules.sureMargin : 1
        var causes: [HoldReason.Doubt] = []
        if small > 1 { causes.append(.smallText(height: height)) }
        if close > 1 { causes.append(.closeRunnerUp(margin: margin)) }
        return (small * close, causes)
    }

    /// The entry of most weight; of equal weights, the first in alphabetical order, so that a
    /// replay decides the same.
    private static func heaviest(_ weights: [String: Double]) -> (key: String, value: Double)? {
        weights.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    /// The frames still in the window whose best reading was `value`, a look-alike of it, or it
    /// with one character changed (a value mended character by character is read as its
    /// misreads), oldest first.
    func reads(of value: String) -> [Vote] {
        let key = TextPattern.lookAlikeKey(value)
        return votes.filter {
            let read = TextPattern.lookAlikeKey($0.candidate.value)
            return $0.isFirstChoice && read.count == key.count && Self.isWithinOneEdit(read, key)
        }
    }

    /// Whether `a` becomes `b` with at most one character added, dropped or changed.
    static func isWithinOneEdit(_ a: String, _ b: String) -> Bool {
        let (shorter, longer) = a.count <= b.count ? (Array(a), Array(b)) : (Array(b), Array(a))
        guard longer.count - shorter.count <= 1 else { return false }
        guard let first = shorter.indices.first(where: { shorter[$0] != longer[$0] }) else { return true }
        // Past the first difference, the rest must agree: after a change, or after the longer's extra character.
        let skip = shorter.count == longer.count ? 1 : 0
        return shorter[(first + skip)...] == longer[(first + 1)...]
    }

    mutating func removeAll() {
        votes.removeAll()
        witnesses.removeAll()
        leader = nil
    }
}
