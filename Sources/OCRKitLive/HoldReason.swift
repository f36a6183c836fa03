import Foundation

/// Why the value leading the votes is held back rather than reported: the first rule of
/// ``LiveScanner/Configuration`` it does not meet yet. Its `description` is the sentence `ocr live
/// --details` prints ("weight 1.62 of 3.10 (text 14 px high)").
public enum HoldReason: Hashable, Sendable, CustomStringConvertible {
    /// The value was reported already (within the cooldown).
    case acceptedAlready
    /// The value is this one, reported already, misread: a look-alike, or one character added,
    /// dropped or changed.
    case tooLike(String)
    /// It has led the votes for `lead`, of the `minimum` it must.
    case ledTooBriefly(lead: Duration, minimum: Duration)
    /// It was the first choice of `frames` frames, of the `minimum` it must.
    case tooFewFrames(frames: Int, minimum: Int)
    /// Its share of the frames' first choices, below the `minimum`.
    case tooSmallShare(share: Double, minimum: Double)
    /// Its votes' weight, below the weight its doubts make it `need`.
    case tooLittleWeight(weight: Double, needed: Double, doubts: [Doubt])
    /// Its weakest character, whose reading has less than the minimum share of the frames' evidence.
    case weakCharacter(WeakCharacter)
    /// It fits none of the likeliest formats of the plate's family, but this value of them is
    /// it with one character dropped (see ``PlateFamily/rival(of:)``).
    case formatRival(String)
    /// It fits no format of the plate's family: text on a wide plate without a band (a dealer's
    /// sign) that neither a European plate's formats nor a US state's take.
    case fitsNoFormat(PlateFamily)
    /// The frames' looks do not agree on the plate's family yet, and one some showed would read
    /// it as `value`.
    case lookUndecided(family: PlateFamily, value: String)

    /// What makes a value need more weight than the minimum.
    public enum Doubt: Hashable, Sendable {
        /// Its text was this many pixels high, lower than the sure height.
        case smallText(height: Double)
        /// Its frames' first choices were this far ahead of their runners-up, less than the sure margin.
        case closeRunnerUp(margin: Double)
    }

    /// A character of a value the frames do not agree enough on.
    public struct WeakCharacter: Hashable, Sendable {
        /// Its place in the value, from 1.
        public var position: Int
        public var character: Character
        /// Its share of the frames' evidence, and the share it must have.
        public var share: Double
        public var minimum: Double
        /// The character most of the rest of the evidence reads there, and its share.
        public var runnerUp: Character?
        public var runnerUpShare: Double
    }

    public var description: String {
        switch self {
        case .acceptedAlready:
            "accepted already"
        case .tooLike(let seen):
            "too like \(seen), accepted already"
        case .ledTooBriefly(let lead, let minimum):
            String(format: "led for %.2f s of %.2f", lead.timeInterval, minimum.timeInterval)
        case .tooFewFrames(let frames, let minimum):
            "first choice of \(frames) frames of \(minimum)"
        case .tooSmallShare(let share, let minimum):
            String(format: "%.2f of the frames' first choices, of %.2f", share, minimum)
        case .tooLittleWeight(let weight, let needed, let doubts):
            String(format: "weight %.2f of %.2f", weight, needed)
                + (doubts.isEmpty ? "" : " (" + doubts.map(\.description).joined(separator: ", ") + ")")
        case .weakCharacter(let weak):
            String(format: "character %d is %@ for %.2f of the frames' evidence, of %.2f", weak.position, String(weak.character),
                   weak.share, weak.minimum)
                + (weak.runnerUp.map { String(format: " (%@: %.2f)", String($0), weak.runnerUpShare) } ?? "")
        case .formatRival(let rival):
            "fits no format of its plate's family, and \(rival) does"
        case .fitsNoFormat(let family):
            "fits no format of \(family)"
        case .lookUndecided(let family, let value):
            "\(value) on \(family), which some frames show"
        }
    }
}

extension HoldReason.Doubt: CustomStringConvertible {
    public var description: String {
        switch self {
        case .smallText(let height): String(format: "text %.0f px high", height)
        case .closeRunnerUp(let margin): String(format: "%.2f ahead of the runner-up", margin)
        }
    }
}
