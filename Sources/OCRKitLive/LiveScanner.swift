import OCRKit

/// Turns a stream of frames into values read once each, as soon as they are sure: number plates
/// at a barrier, codes on parcels passing a camera.
///
/// Each frame's region of interest is read by an engine; of the text found, the tallest that fits
/// the pattern is kept, and its top readings vote for their values over a rolling window. A value
/// is accepted when it has led long enough with enough weight, and then not reported again until
/// its cooldown ends. Frames that come while a read is under way are skipped, so a camera is never
/// queued behind.
///
/// ```swift
/// let scanner = try LiveScanner(engine: PPOCREngine(), configuration: .init(pattern: .ukPlate))
/// for try await frame in VideoFrames(path: video) {
///     if let plate = try await scanner.scan(frame).accepted {
///         print(plate.value, plate.time, plate.confidence)
///     }
/// }
/// ```
///
/// A camera's callback can hand every frame over without waiting: `scan(_:)` returns at once,
/// skipped as ``Step/Skip/busy``, while an earlier frame is being read.
public actor LiveScanner {
    public nonisolated let configuration: Configuration
    private let engine: any OCREngine
    private let secondOpinion: (any LineRecognizer)?
    private let options: RecognitionOptions
    private var board: VoteBoard
    private var place: PlatePlace
    private var looks: FamilyVotes
    private var isReading = false
    private var lastReadTime: Duration?
    /// When each value still cooling down was accepted.
    private var acceptedTimes: [String: Duration] = [:]

    /// - Parameter secondOpinion: a recogniser that reads the text kept again, in the frames whose
    ///   reading of it is in doubt (a character below ``Configuration/sureCharacter``, or one with
    ///   a look-alike the pattern does not tell apart): a model trained apart errs apart, and where
    ///   it reads a character otherwise, its probabilities weigh against the frames' in
    ///   ``Configuration/minimumCharacterShare``.
    /// - Throws: an ``OCRError/Code/invalidOption`` when the configuration is out of range or the
    ///   engine cannot honour it.
    public init(engine: any OCREngine, secondOpinion: (any LineRecognizer)? = nil,
                configuration: Configuration = Configuration()) throws {
        try configuration.validate()
        let options = RecognitionOptions(
            // Latin's letters are read in the engine's own languages (PP-OCR's, English).
            languages: configuration.pattern.script == .latin ? [] : [configuration.pattern.script.defaultLanguage],
            regionOfInterest: configuration.region,
            // The engine counts heights in the whole frame's.
            minimumTextHeight: configuration.minimumTextHeight * configuration.region.height,
            alternativeCount: configuration.candidateCount)
        try engine.validate(options)
        try secondOpinion?.validate(options)
        self.engine = engine
        self.secondOpinion = secondOpinion
        self.configuration = configuration
        self.options = options
        board = VoteBoard(rules: configuration)
        place = PlatePlace(memory: configuration.window)
        looks = FamilyVotes(memory: configuration.window)
    }

    /// Reads `frame` unless it is skipped, votes with what it shows, and says whether a value was
    /// accepted with it. Frames must come in time order.
    ///
    /// - Throws: the engine's ``OCRError`` when it fails on this frame; the scanner keeps its votes
    ///   and can go on with the next frame.
    public func scan(_ frame: Frame) async throws -> Step {
        var step = Step(time: frame.time, skipped: nil, candidates: [], accepted: nil)
        if isReading {
            step.skipped = .busy
            return step
        }
        if let last = lastReadTime, frame.time - last < configuration.minimumInterval - Self.timeSlack {
            step.skipped = .tooSoon
            return step
        }
        isReading = true
        defer { isReading = false }
        lastReadTime = frame.time
        let page = try await engine.read(frame.bitmap, options: options)

        acceptedTimes = acceptedTimes.filter { frame.time - $0.value < configuration.cooldown }
        place.record(page, at: frame.time)
        if let block = CandidateBlock.largestPlausible(in: page, pattern: configuration.pattern,
                                                       count: configuration.candidateCount, place: place) {
            step.candidates = block.candidates
            let pixels = block.box.scaled(width: Double(frame.bitmap.width), height: Double(frame.bitmap.height))
            if configuration.readsFormatFromLook {
                looks.record(PlateLook.family(around: pixels, in: frame.bitmap), at: frame.time)
            }
            board.record(block.candidates, reading: block.reading, box: block.box, textHeight: pixels.height,
                         evidence: evidence(around: pixels, in: frame.bitmap), at: frame.time)
            if let secondOpinion, block.reading.isDoubtful(below: configuration.sureCharacter, under: configuration.pattern),
               let line = try await secondOpinion.recognizeLines(along: [pixels.quad], in: frame.bitmap, options: options).first ?? nil {
                board.witness(CharacterReading(symbols: line.words.flatMap(\.symbols), weight: line.confidence,
                                               pattern: configuration.pattern), at: frame.time)
            }
        }
        // A value just accepted still votes while it is in view: it holds the lead, so that other
        // text, or a look-alike of it, cannot be accepted in the frames it is not read in.
        // Looks are recorded only when the configuration reads formats from them.
        let family = looks.agreed
        switch board.decide(at: frame.time, excluding: Set(acceptedTimes.keys), family: family, undecided: looks.undecided) {
        case .accepted(let value, let grounds):
            guard var acceptance = acceptance(of: value, grounds: grounds, at: frame.time) else { break }
            acceptance.family = family
            step.accepted = acceptance
            acceptedTimes[value] = frame.time
        case .waiting(let value, let reason):
            step.waiting = Holding(value: value, reason: reason, family: family)
        case .none:
            break
        }
        return step
    }

    /// How far apart two times may be and count as equal: frames 0.1 s apart at 10 a second,
    /// timed from a `Double` count of seconds (a video's), are 0.0999999 s apart.
    static let timeSlack = Duration.microseconds(1)

    /// Forgets all votes, cooldowns and timing: for a new, unrelated stream.
    public func reset() {
        board.removeAll()
        place.removeAll()
        looks.removeAll()
        acceptedTimes.removeAll()
        lastReadTime = nil
    }

    private func acceptance(of value: String, grounds: Acceptance.Grounds, at time: Duration) -> Acceptance? {
        let votes = board.reads(of: value)
        guard let best = votes.max(by: { $0.candidate.confidence < $1.candidate.confidence }) else { return nil }
        return Acceptance(
            value: value, time: time, firstSeen: votes[0].time,
            confidence: votes.map(\.candidate.confidence).reduce(0, +) / Double(votes.count),
            votes: votes.count, box: best.box, evidence: best.evidence, evidenceTime: best.time, family: nil, grounds: grounds)
    }

    /// The frame's pixels around `box`, in its pixels.
    private func evidence(around box: Rect, in bitmap: Bitmap) -> Bitmap? {
        bitmap.cropped(to: box.insetBy(dx: configuration.evidenceInset.dx, dy: configuration.evidenceInset.dy))
    }
}
