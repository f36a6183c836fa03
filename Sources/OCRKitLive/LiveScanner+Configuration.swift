import OCRKit

extension LiveScanner {
    /// Where to look, what to look for, and how sure to be before reporting it.
    ///
    /// ```swift
    /// var configuration = LiveScanner.Configuration(pattern: .ukPlate)
    /// configuration.region = Rect(normalizedBottomLeft: Rect(x: 0.2, y: 0, width: 0.6, height: 0.4))
    /// configuration.cooldown = .seconds(30)       // a car waiting at the barrier is reported once
    /// ```
    public struct Configuration: Sendable {
        /// The part of each frame to read, normalised with the origin at the top left (see
        /// ``OCRKit/Rect/init(normalizedBottomLeft:)`` for frames counted from the bottom left).
        public var region: Rect
        /// The shape of the values to report; reads that cannot be made to fit it are ignored.
        public var pattern: TextPattern
        /// Text lower than this fraction of the region's height is not read: the same setting
        /// keeps its meaning whatever the region.
        public var minimumTextHeight: Double
        /// Frames closer than this to the last frame read are skipped.
        public var minimumInterval: Duration
        /// How many readings of the chosen text count as votes, best first.
        public var candidateCount: Int
        /// Votes older than this are forgotten.
        public var window: Duration
        /// A value is accepted only with at least this much confidence summed over the window...
        public var minimumWeight: Double
        /// ...at least this share of the window's first choices (each frame's best reading)...
        public var minimumShare: Double
        /// ...after leading the votes for at least this long...
        public var minimumLeadTime: Duration
        /// ...as the first choice of at least this many frames.
        public var minimumFrames: Int
        /// Text lower than this many pixels needs more weight: twice the minimum at half the
        /// height, up to three times (an 80-pixel plate's letters misread `TWF220` as `THF220`).
        public var sureTextHeight: Double
        /// Reads whose best value leads the frame's runner-up by less than this confidence need
        /// more weight: up to twice the minimum for a tie.
        public var sureMargin: Double
        /// A value is accepted only when each of its characters has at least this share of the
        /// frames' evidence (their probabilities for it, weighed by their confidence): a letter
        /// the frames split between W and N is not reported as either. On the first half of
        /// `ocr bench live`, the values held back had shares of 0.24 to 0.58 when wrong, 0.51 and
        /// 0.61 when right.
        public var minimumCharacterShare: Double
        /// ...and each character whose runner-up is its look-alike, which the pattern leaves open
        /// (a 1 the frames also read as I, an O also read as 0), must lead it by this share of
        /// the evidence: the frames misread a look-alike alike, so a close lead is none.
        public var minimumLookAlikeLead: Double
        /// A frame's reading of a character below this probability is in doubt: the frame is
        /// read again by the scanner's second opinion, when it has one.
        public var sureCharacter: Double
        /// Whether the plate's look chooses its formats within ``pattern``: once the frames agree
        /// on its family (a blue band at the plate's left: a European plate; a band across its
        /// top: a Mercosur plate; a plate twice as wide as high: a US plate; 4.7 times as wide
        /// with no band: a wide plate), values are read with that family's formats
        /// (``PlateFamily/formats``) where they fit one, and as read where not. Look-alikes the
        /// pattern leaves open are then decided: `PP587A0` on a European plate is `PP587AO`.
        /// Values no format of the family allows, and values a family the frames do not agree on
        /// yet would read otherwise, wait (see ``HoldReason``). Frames in gray show no band.
        public var readsFormatFromLook: Bool
        /// A value accepted is not reported again for this long.
        public var cooldown: Duration
        /// The evidence crop is the text's box inset by these many pixels (negative: grown),
        /// clipped to the frame.
        public var evidenceInset: (dx: Double, dy: Double)

        public init(
            region: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
            pattern: TextPattern = .plate,
            minimumTextHeight: Double = 0.02,
            minimumInterval: Duration = .milliseconds(100),
            candidateCount: Int = 3,
            window: Duration = .seconds(1),
            minimumWeight: Double = 1.5,
            minimumShare: Double = 0.6,
            minimumLeadTime: Duration = .milliseconds(200),
            minimumFrames: Int = 3,
            sureTextHeight: Double = 24,
            sureMargin: Double = 0.2,
            minimumCharacterShare: Double = 0.6,
            minimumLookAlikeLead: Double = 0.25,
            sureCharacter: Double = 0.9,
            readsFormatFromLook: Bool = true,
            cooldown: Duration = .seconds(10),
            evidenceInset: (dx: Double, dy: Double) = (-24, -16)
        ) {
            self.region = region
            self.pattern = pattern
            self.minimumTextHeight = minimumTextHeight
            self.minimumInterval = minimumInterval
            self.candidateCount = candidateCount
            self.window = window
            self.minimumWeight = minimumWeight
            self.minimumShare = minimumShare
            self.minimumLeadTime = minimumLeadTime
            self.minimumFrames = minimumFrames
            self.sureTextHeight = sureTextHeight
            self.sureMargin = sureMargin
            self.minimumCharacterShare = minimumCharacterShare
            self.minimumLookAlikeLead = minimumLookAlikeLead
            self.sureCharacter = sureCharacter
            self.readsFormatFromLook = readsFormatFromLook
            self.cooldown = cooldown
            self.evidenceInset = evidenceInset
        }

        /// Throws an ``OCRError/Code/invalidOption`` naming the first setting out of its range.
        public func validate() throws {
            func check(_ valid: Bool, _ reason: @autoclosure () -> String) throws {
                if !valid { throw OCRError(.invalidOption, reason: reason()) }
            }
            try check(region.isValidNormalizedRegion, "the region \(region) must be a non-empty rectangle inside 0...1")
            try check((0..<1).contains(minimumTextHeight), "the minimum text height \(minimumTextHeight) must be a fraction of the region's height, from 0 up to 1")
            try check(minimumInterval >= .zero, "the minimum interval between frames cannot be negative")
            try check(candidateCount >= 1, "at least one candidate of each read must vote")
            try check(window > .zero, "the voting window must be longer than 0 seconds")
            try check(minimumWeight >= 0, "the minimum weight cannot be negative")
            try check((0...1).contains(minimumShare), "the minimum share \(minimumShare) must be from 0 to 1")
            try check(minimumLeadTime >= .zero && minimumLeadTime < window, "the minimum lead time must be from 0 up to the window's \(window.timeInterval) seconds")
            try check(minimumFrames >= 1, "a value must be read in at least one frame")
            try check(sureTextHeight >= 0, "the sure text height cannot be negative")
            try check((0...1).contains(sureMargin), "the sure margin \(sureMargin) must be from 0 to 1")
            try check((0...1).contains(minimumCharacterShare), "the minimum character share \(minimumCharacterShare) must be from 0 to 1")
            try check((0...1).contains(minimumLookAlikeLead), "the minimum look-alike lead \(minimumLookAlikeLead) must be from 0 to 1")
            try check((0...1).contains(sureCharacter), "the sure character probability \(sureCharacter) must be from 0 to 1")
            try check(cooldown >= .zero, "the cooldown cannot be negative")
        }
    }
}
