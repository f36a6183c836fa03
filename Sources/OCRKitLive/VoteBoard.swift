import OCRKit

/// The votes of the last frames for each value, and the rule that accepts one: a value is
/// accepted once it has led the votes of the rolling window, with enough weight and share, for
/// long enough.
struct VoteBoard: Sendable {
    struct Vote: Sendable {
        var time: Double
        var candidate: Candidate
        /// Where the value was read, normalised to the frame.
        var box: Rect
        /// The frame's pixels around `box`, shared by the votes of one frame.
        var evidence: Bitmap?
        /// Whether this was the frame's best reading rather than a runner-up.
        var isFirstChoice: Bool
    }

    let rules: LiveScanner.Configuration
    private(set) var votes: [Vote] = []
    /// The look-alike key in the lead, and since when.
    private var leader: (key: String, since: Double)?

    init(rules: LiveScanner.Configuration) {
        self.rules = rules
    }

    /// Adds one frame's candidates, best first, each a vote weighted by its confidence. Votes
    /// that have left the window are forgotten by ``accepted(at:excluding:)``, called every frame.
    mutating func record(_ candidates: [Candidate], box: Rect, evidence: Bitmap?, at time: Double) {
        votes += candidates.enumerated().map {
            Vote(time: time, candidate: $1, box: box, evidence: evidence, isFirstChoice: $0 == 0)
        }
    }

    /// The value the votes accept at `time`, if any. Call it once a frame read, with or without
    /// votes: a value's lead is timed from the first frame it led in without a break.
    ///
    /// Every vote counts towards a value's weight, but its share is taken of the frames' first
    /// choices only: a steady read whose runners-up are strong (`CCLVN3`, then `CCLVW3` for an
    /// unsure N) must not be outvoted by its own doubts.
    ///
    /// Values that differ only in look-alike characters (see ``TextPattern/lookAlikeKey(_:)``)
    /// pool their votes, as reads of one text the engine wavers on; the best voted of them is the
    /// one accepted. None is accepted while the lead is held by one of `excluded`, by a look-alike
    /// of one, or by text one character added, dropped or changed from one: the same text misread.
    mutating func accepted(at time: Double, excluding excluded: Set<String> = []) -> String? {
        votes.removeAll { $0.time <= time - rules.window }
        var weights: [String: Double] = [:], keyWeights: [String: Double] = [:], firstChoices: [String: Double] = [:]
        for vote in votes {
            let key = TextPattern.lookAlikeKey(vote.candidate.value)
            weights[vote.candidate.value, default: 0] += vote.candidate.confidence
            keyWeights[key, default: 0] += vote.candidate.confidence
            if vote.isFirstChoice { firstChoices[key, default: 0] += vote.candidate.confidence }
        }
        guard let (key, weight) = Self.heaviest(keyWeights) else {
            leader = nil
            return nil
        }
        if leader?.key != key { leader = (key, time) }
        let share = (firstChoices[key] ?? 0) / max(firstChoices.values.reduce(0, +), .leastNonzeroMagnitude)
        guard !excluded.contains(where: { Self.isWithinOneEdit(TextPattern.lookAlikeKey($0), key) }),
              let since = leader?.since, time - since >= rules.minimumLeadTime - LiveScanner.timeSlack,
              weight >= rules.minimumWeight, share >= rules.minimumShare else { return nil }
        return Self.heaviest(weights.filter { TextPattern.lookAlikeKey($0.key) == key })?.key
    }

    /// The entry of most weight; of equal weights, the first in alphabetical order, so that a
    /// replay decides the same.
    private static func heaviest(_ weights: [String: Double]) -> (key: String, value: Double)? {
        weights.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }

    /// The votes for `value` still in the window, oldest first.
    func votes(for value: String) -> [Vote] {
        votes.filter { $0.candidate.value == value }
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
        leader = nil
    }
}
