/// How well a live scanner did on sequences of frames with one known plate each: how often it
/// accepted the plate, against how often a single frame's best read was the plate; how many
/// frames it took; how often it accepted something else; how often it said the same twice.
///
/// ```swift
/// var score = LiveScore()
/// score.add(plate: "AB12CDE", frames: [
///     .init(isRead: true, showsPlate: false, topRead: nil, accepted: nil),
///     .init(isRead: true, showsPlate: true, topRead: "AB12CDE", accepted: nil),
///     .init(isRead: true, showsPlate: true, topRead: "A812CDE", accepted: "AB12CDE"),
/// ])
/// print(score.acceptedAccuracy)         // 1
/// print(score.singleFrameAccuracy)      // 0.5
/// print(score.meanFramesToAcceptance)   // 2
/// ```
public struct LiveScore: Sendable, Hashable {
    /// What happened to one frame.
    public struct FrameRecord: Sendable, Hashable {
        /// Whether the scanner read it rather than skipping it.
        public var isRead: Bool
        /// Whether the plate was wholly in the scanner's region.
        public var showsPlate: Bool
        /// The frame's own best read, fitted to the scanner's pattern.
        public var topRead: String?
        /// The value the scanner accepted with this frame.
        public var accepted: String?

        public init(isRead: Bool, showsPlate: Bool, topRead: String?, accepted: String?) {
            self.isRead = isRead
            self.showsPlate = showsPlate
            self.topRead = topRead
            self.accepted = accepted
        }
    }

    /// How many frames must have the plate as their own best read for a sequence to count in
    /// ``platesRead``.
    public let framesToCountAsRead: Int
    public private(set) var sequences = 0
    /// Sequences in which the plate was accepted.
    public private(set) var platesAccepted = 0
    /// Sequences in which at least ``framesToCountAsRead`` read frames had the plate as their own
    /// best read: about as many as voting can accept without mending a character, so that a
    /// plate not accepted is told apart as one the frames read and one they did not.
    public private(set) var platesRead = 0
    public private(set) var framesRead = 0
    /// Read frames showing the plate, and those whose own best read was the plate.
    public private(set) var framesShowingPlate = 0
    public private(set) var framesReadingPlate = 0
    /// Values accepted that were not the plate.
    public private(set) var falseAccepts = 0
    /// Values accepted again in the same sequence.
    public private(set) var duplicates = 0
    /// For each accepted plate, the frames read from the first that showed it to the one that
    /// accepted it, both counted.
    public private(set) var framesToAcceptance: [Int] = []

    /// - Parameter framesToCountAsRead: as many frames as a scanner needs to accept a value
    ///   (a live scanner's `minimumFrames`).
    public init(framesToCountAsRead: Int = 3) {
        self.framesToCountAsRead = framesToCountAsRead
    }

    public mutating func add(plate: String, frames: [FrameRecord]) {
        let plate = PlateScore.normalized(plate)
        sequences += 1
        var reported: Set<String> = []
        var readSinceShown: Int?
        var framesReadRight = 0
        for frame in frames where frame.isRead {
            framesRead += 1
            let readsPlate = frame.topRead.map(PlateScore.normalized) == plate
            if readsPlate { framesReadRight += 1 }
            if frame.showsPlate {
                readSinceShown = (readSinceShown ?? 0) + 1
                framesShowingPlate += 1
                if readsPlate { framesReadingPlate += 1 }
            }
            guard let accepted = frame.accepted.map(PlateScore.normalized) else { continue }
            if !reported.insert(accepted).inserted {
                duplicates += 1
            } else if accepted == plate {
                platesAccepted += 1
                framesToAcceptance.append(readSinceShown ?? 0)
            } else {
                falseAccepts += 1
            }
        }
        if framesReadRight >= framesToCountAsRead { platesRead += 1 }
    }

    /// The share of sequences whose plate was accepted.
    public var acceptedAccuracy: Double { ratio(platesAccepted, sequences) }
    /// The share of sequences whose plate was read in enough frames to be voted for (see
    /// ``platesRead``).
    public var readAccuracy: Double { ratio(platesRead, sequences) }
    /// The share of read frames showing the plate whose own best read was the plate.
    public var singleFrameAccuracy: Double { ratio(framesReadingPlate, framesShowingPlate) }
    public var falseAcceptsPerThousandFrames: Double { ratio(falseAccepts * 1000, framesRead) }
    public var meanFramesToAcceptance: Double {
        ratio(framesToAcceptance.reduce(0, +), framesToAcceptance.count)
    }

    private func ratio(_ part: Int, _ whole: Int) -> Double {
        whole == 0 ? 0 : Double(part) / Double(whole)
    }
}
