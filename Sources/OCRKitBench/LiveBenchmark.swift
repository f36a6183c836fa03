import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitLive

/// The live scanner on simulated camera footage of number plates.
///
/// For each photo of a boxes.tsv (image, region, x, y, w, h, plate lines, as in
/// ../shared/datasets/openalpr_plates), it films the plate with a simulated hand-held camera:
/// frames at 10 a second, panning onto the plate, shaking, with motion blur, noise, changing
/// light, something passing in front now and then, and a smaller line of other text (a dealer's
/// sign) below the plate. The footage is the same on every run. Each sequence goes through its
/// own scanner, and the report gives the share of plates accepted beside the share of frames
/// whose own best read was the plate (what a single-frame reader gets), the mean frames read
/// from the first showing the whole plate to its acceptance, values accepted that were not the
/// plate per 1,000 frames, the same value reported twice in a sequence, frames read a second and
/// the processor time a frame (user and system).
///
/// ```swift
/// let engine = try EngineSettings(.auto).frameEngine()
/// var benchmark = LiveBenchmark(boxes: "../shared/datasets/openalpr_plates/boxes.tsv", engine: engine)
/// benchmark.limit = 2
/// try await benchmark.run { print($0) }
/// ```
public struct LiveBenchmark: Sendable {
    /// The data set's boxes.tsv.
    public var boxes: String
    /// The engine every scanner reads frames with.
    public var engine: any OCREngine
    /// The recogniser that reads each scanner's doubtful plates again, if any.
    public var secondOpinion: (any LineRecognizer)?
    /// The part of the set scanned (see ``OCRKitEvaluation/DataSetPart``): tune on one, report
    /// the other beside it; `nil` for all of it.
    public var part: DataSetPart?
    /// Photos of the part left out at its start.
    public var skip = 0
    /// Only the first photos after those, when set.
    public var limit: Int?
    /// Frames in each sequence.
    public var frameCount = 30
    /// What the scanners look for.
    public var pattern: TextPattern = .plate
    /// Whether each sequence is scanned for its region's plates instead (`us`, `eu`: see
    /// ``OCRKitLive/TextPattern/plates``), as a scanner set up for the country it stands in.
    public var usesRegionPatterns = false
    /// Whether the scanners read plates with the formats their look shows
    /// (``OCRKitLive/LiveScanner/Configuration/readsFormatFromLook``).
    public var readsFormatFromLook = true
    /// Sequences scanned at once, each by its own scanner.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Whether each sequence's plate and what the scanner accepted are reported too.
    public var reportsSequences = false

    public init(boxes: String, engine: any OCREngine) {
        self.boxes = boxes
        self.engine = engine
    }

    /// Scans every sequence, handing `report` each sequence (when ``reportsSequences``) and
    /// then the figures.
    public func run(report: (String) -> Void) async throws {
        // Each photo with its place in the whole set, which seeds its footage: a photo is filmed
        // the same whatever part or photos are left out.
        let chosen = Array(try PlateBoxes(contentsOf: boxes).entries.enumerated()
            .filter { part == nil || DataSetPart(of: $0.element.imagePath) == part }.dropFirst(skip).prefix(limit ?? .max))
        let entries = chosen.map(\.element), seeds = chosen.map { UInt64($0.offset) }
        guard !entries.isEmpty else { throw OCRError(.invalidOption, path: boxes, reason: "lists no plates") }
        let engine = engine, secondOpinion = secondOpinion, frames = frameCount, look = readsFormatFromLook
        let patterns = try entries.map { usesRegionPatterns ? try TextPattern(named: $0.region) : pattern }
        // A truth that its region's formats, or the scanner's pattern, refuse cannot be reported as
        // the data set writes it (a letter O where the country's format has a 0, a vanity plate
        // under `plate`): it is scored apart, rather than the scanner bent to it.
        let reportable = zip(entries, patterns).map { entry, pattern in
            pattern.matches(entry.plate) && ((try? TextPattern(named: entry.region))?.matches(entry.plate) ?? true)
        }
        let loader = ImageLoader(jobs: jobs)
        report("\(entries.count) sequences" + (part.map { " (the \($0.rawValue) part)" } ?? "") + " of \(frames) frames, engine \(engine.info.name), "
               + "pattern \(usesRegionPatterns ? "of each plate's region" : pattern.name)"
               + (readsFormatFromLook ? "" : ", no look")
               + (secondOpinion.map { ", second opinion \($0.info.name) \($0.info.version)" } ?? "") + ", \(jobs) at once")
        let start = ContinuousClock.now, processor = ProcessorTime.ofThisProcess()
        let framesToCountAsRead = LiveScanner.Configuration().minimumFrames
        var scored = LiveScore(framesToCountAsRead: framesToCountAsRead)
        var scoredReportable = LiveScore(framesToCountAsRead: framesToCountAsRead), signReports = 0, refusals: [String: Int] = [:]
        // Each sequence said in the list's order, whichever finished first.
        try await Array(entries.indices).concurrentMap(jobs: jobs) { index in
            try await Self.scan(entries[index], seed: seeds[index], frames: frames, pattern: patterns[index], look: look,
                                engine: engine, secondOpinion: secondOpinion, loader: loader)
        } inOrder: { index, sequence in
            scored.add(plate: sequence.plate, frames: sequence.records)
            if reportable[index] { scoredReportable.add(plate: sequence.plate, frames: sequence.records) }
            if sequence.reportsSign { signReports += 1 }
            if let refusal = sequence.refusal { refusals[refusal, default: 0] += 1 }
            if reportsSequences { report(sequence.summary) }
        }
        let seconds = (ContinuousClock.now - start).timeInterval, spent = ProcessorTime.ofThisProcess() - processor
        report(String(format: "plates accepted          %.4f  (a single frame's top read: %.4f, %.2fx)",
                      scored.acceptedAccuracy, scored.singleFrameAccuracy,
                      scored.acceptedAccuracy / max(scored.singleFrameAccuracy, .leastNonzeroMagnitude)))
        // What voting has to work with: a plate read in too few frames is the engine's to read.
        report(String(format: "plates read              %.4f  (the plate a frame's own best read in %d frames or more)",
                      scored.readAccuracy, framesToCountAsRead))
        report(String(format: "frames to acceptance     %.2f (mean, from the first frame showing the whole plate)",
                      scored.meanFramesToAcceptance))
        report(String(format: "false accepts            %.2f per 1,000 frames (%d in %d frames read)",
                      scored.falseAcceptsPerThousandFrames, scored.falseAccepts, scored.framesRead))
        report("not accepted, by cause   " + refusals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        report("duplicate reports        \(scored.duplicates)")
        report("sign's text reported     in \(signReports) sequences")
        let unfit = zip(entries, reportable).filter { !$1 }.map(\.0.plate)
        report("truths not reportable    \(unfit.count), refused by their region's formats or the pattern"
               + (unfit.isEmpty ? "" : " (\(unfit.joined(separator: " ")))"))
        report(String(format: "  the other %d: accepted %.4f (read %.4f), false accepts %.2f per 1,000 frames (%d in %d frames read)",
                      scoredReportable.sequences, scoredReportable.acceptedAccuracy, scoredReportable.readAccuracy,
                      scoredReportable.falseAcceptsPerThousandFrames, scoredReportable.falseAccepts, scoredReportable.framesRead))
        report(String(format: "speed                    %.2f frames read a second", Double(scored.framesRead) / seconds))
        // Frames a second depend on the cores; the processor time a frame is what the footage costs.
        report(String(format: "processor time           %.1f ms a frame (user %.1f s, system %.1f s: %.0f%% of user)",
                      1000 * spent.total / Double(max(1, scored.framesRead)), spent.user, spent.system,
                      100 * spent.system / max(spent.user, .leastNonzeroMagnitude)))
    }

    /// One plate's footage and what the scanner made of each frame.
    struct Sequence: Sendable {
        var plate: String
        /// The dealer's sign under the plate.
        var sign: String
        var records: [LiveScore.FrameRecord]
        /// The values accepted, by the frame's index, without their evidence's pixels.
        var acceptances: [Int: LiveScanner.Acceptance]
        /// Each value that led the votes but was never accepted, with why it was last held back.
        var heldBack: [LiveScanner.Holding]
        /// The time the scanner took over the frames it read, in seconds: which footage is dear.
        var readSeconds: Double

        /// Whether a value accepted was the sign's text.
        var reportsSign: Bool {
            records.contains { $0.accepted.map(reportsSign) ?? false }
        }

        /// Whether `value` is the sign's text: a word of it, or words running together.
        func reportsSign(_ value: String) -> Bool {
            let words = sign.split(separator: " ").map(String.init)
            return words.indices.contains { first in words.indices[first...].contains { words[first...$0].joined() == value } }
        }

        /// Why the plate was not accepted, in a few words; `nil` when it was: the rule that last held
        /// it back (see ``OCRKitLive/HoldReason``), another value accepted in its place, a read
        /// of it that never led the votes, or no read of it at all.
        var refusal: String? {
            guard !records.contains(where: { $0.accepted == plate }) else { return nil }
            if let held = heldBack.last(where: { $0.value == plate }) { return held.reason.rule }
            if records.contains(where: { $0.accepted != nil }) { return "another value accepted" }
            return records.contains { $0.topRead == plate } ? "never led" : "never read"
        }

        /// `AB12CDE: AB12CDE@9 A812CDE@21 (wrong)  (84 ms a frame read)`, or `AB12CDE: -` when nothing
        /// was accepted, with the time a frame read took, and the plate's family where its look
        /// chose the formats (`PP587AO@12 (a European plate)`); then each frame's own best read, and why
        /// values were held back.
        var summary: String {
            let accepted = records.enumerated().compactMap { index, record in
                record.accepted.map {
                    "\($0)@\(index)" + (acceptances[index]?.family.map { " (\($0))" } ?? "") + ($0 == plate ? "" : " (wrong)")
                }
            }
            let reads = records.map { $0.isRead ? ($0.topRead ?? "-") : "skipped" }
            let framesRead = max(1, records.filter(\.isRead).count)
            return "\(plate): " + (accepted.isEmpty ? "-" : accepted.joined(separator: " "))
                + String(format: "  (%.0f ms a frame read)", 1000 * readSeconds / Double(framesRead))
                + "\n  reads: " + reads.joined(separator: " ")
                + heldBack.map { "\n  held back \($0.value): \($0.reason)" + ($0.family.map { " (\($0))" } ?? "") }.joined()
                + acceptances.sorted { $0.key < $1.key }.filter { $0.value.value != plate }
                    .map { "\n  wrong \($0.value.value): " + cause(of: $0.value, at: $0.key) }.joined()
        }
    }

    private static let signs = ["CITY MOTORS", "SALE 2499", "DEALER 555 0192", "WASH ME", "EST 1987"]

    private static func scan(_ entry: PlateBoxes.Entry, seed: UInt64, frames: Int, pattern: TextPattern, look: Bool,
                             engine: any OCREngine, secondOpinion: (any LineRecognizer)?, loader: ImageLoader) async throws -> Sequence {
        let photo = try await loader.decode(contentsOf: entry.imagePath, maximumSide: nil)
        // A sign's letters about a third of the plate's box high: smaller than the plate's own.
        let signText = signs[Int(seed) % signs.count]
        let sign = try TextRenderer.render(signText,
                                           font: "DejaVu Sans Bold \(max(6, Int(entry.box.height * 0.3)))",
                                           dpi: 72, margin: 3)
        var camera = CameraSimulation(scene: photo, target: entry.box, overlay: sign, seed: seed)
        camera.frameCount = frames
        let scanner = try LiveScanner(
            engine: engine, secondOpinion: secondOpinion, configuration: LiveScanner.Configuration(region: camera.region, pattern: pattern, readsFormatFromLook: look))
        var records: [LiveScore.FrameRecord] = [], heldBack: [LiveScanner.Holding] = [], acceptances: [Int: LiveScanner.Acceptance] = [:]
        var reading = Duration.zero
        for index in 0..<camera.frameCount {
            let frame = Frame(bitmap: camera.frame(index), time: camera.time(of: index))
            let started = ContinuousClock.now
            let step = try await scanner.scan(frame)
            if step.skipped == nil { reading += ContinuousClock.now - started }
            records.append(LiveScore.FrameRecord(
                isRead: step.skipped == nil, showsPlate: camera.showsTarget(in: index),
                topRead: step.candidates.first?.value, accepted: step.accepted?.value))
            if var acceptance = step.accepted {
                acceptance.evidence = nil
                acceptances[index] = acceptance
            }
            if let waiting = step.waiting {
                heldBack.removeAll { $0.value == waiting.value }
                heldBack.append(waiting)
            }
        }
        let accepted = Set(records.compactMap(\.accepted))
        return Sequence(plate: entry.plate, sign: signText, records: records, acceptances: acceptances, heldBack: heldBack.filter { !accepted.contains($0.value) },
                        readSeconds: reading.timeInterval)
    }
}

private extension HoldReason {
    /// The rule that held a value back, without its figures: what a cause of refusal is counted by.
    var rule: String {
        switch self {
        case .acceptedAlready, .tooLike: "too like a value accepted"
        case .ledTooBriefly: "led too briefly"
        case .tooFewFrames: "too few frames"
        case .tooSmallShare: "too small a share"
        case .tooLittleWeight: "too little weight"
        case .weakCharacter: "a weak character"
        case .formatRival: "a rival in the family's formats"
        case .fitsNoFormat: "no format of the family"
        case .lookUndecided: "the look undecided"
        }
    }
}
