import ArgumentParser
import Foundation
import OCRKit
import OCRKitImages
import OCRKitLive
import OCRKitONNX
import OCRKitEngines

struct Live: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report each number plate or code seen by a camera, in a video or in a folder of frames, once, when it is sure.",
        discussion: """
            Reads the frames --fps a second (a stream's newest frame whenever the last is read; a stream \
            that drops is opened again), keeps the tallest text in the region that fits the pattern and \
            stands where the plate has been (not text much lower than the tallest of the last second, as \
            a sign under the plate is), lets each frame's top three readings vote over the last second, \
            weighs the leader character by character over the frames, and prints a value once it has \
            led long enough, as the best read of three frames at least, with each character sure enough \
            and the more votes the smaller its text or the closer its runner-up. Where the frames agree on a \
            plate's family by its look (a blue band down its left side, or a plate 4.7 times as wide as \
            high: European; a band across its top: Mercosur; twice as wide as high: US), its value is \
            read with that family's formats within --pattern, which decides look-alikes such as O and 0 \
            (--no-look: as read). It prints the value's time (in the video, \
            or the clock's for a stream), its confidence, and a picture of it (the evidence) saved in \
            --evidence. A value is not printed again within --cooldown seconds; --details says, frame by \
            frame, why a value is not printed yet.

            Examples:
              ocr live rtsp://gate.local/stream --pattern uk
              ocr live gate.mp4 --pattern uk --roi 0.2,0.5,0.6,0.5
              ocr live snapshots/ --fps 2 --format jsonl
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl
    }

    @Argument(help: ArgumentHelp(
        """
        A camera's stream (rtsp://, http://, udp://... or a V4L2 device such as /dev/video0), a video file \
        (any format ffmpeg decodes), or a folder of frames read in name order (frame2 before frame10).
        """,
        valueName: "stream|video|folder"))
    var input: String

    @Option(help: ArgumentHelp(
        "Only read inside this rectangle, as fractions of the frame with the origin at the top left.",
        valueName: "x,y,w,h"))
    var roi: RegionArgument?

    @Option(help: ArgumentHelp("""
        What to look for: plate (5 to 8 letters and digits, both: most countries' plates, and not the \
        words of signs around them); a country's plates, us (the usual US formats; O is read as 0), \
        us-states (the states' own formats only: California's 7ABC123, ABC1234...), uk (AB12CDE), it-fr (Italy, France: AB123CD), pl (Poland: WA12345), cz (Czechia: 1AB2345), eu \
        (any of those four), br (Brazil before Mercosur: ABC1234) or mercosur (ABC1D23); a list of \
        them (uk,it-fr); alnum (5 to 8 letters or digits, vanity plates too), alnum:MIN-MAX; a \
        script's letters and digits, read in its language (cyrillic:8-9 for Russia's А123ВС77; \
        greek, arabic, hangul..., 5 to 8 without lengths); or a regular expression over A-Z and \
        0-9 that whole values must match.
        """, valueName: "name|regex"))
    var pattern = "plate"

    @Option(help: "How the values are printed: text (one line each) or jsonl (one JSON object each).")
    var format: Format = .text

    @Option(help: ArgumentHelp(
        "Frames a second to take from a video, and the rate a folder's frames were taken at.", valueName: "n"))
    var fps = 10.0

    @Option(help: ArgumentHelp("Where the evidence pictures are saved.", valueName: "folder"))
    var evidence = "ocr-evidence"

    @Option(help: ArgumentHelp("Seconds before a value accepted can be reported again.", valueName: "seconds"))
    var cooldown = LiveScanner.Configuration().cooldown.timeInterval

    @Option(help: ArgumentHelp("Ignore text lower than this fraction of the region's height.", valueName: "fraction"))
    var minTextHeight = LiveScanner.Configuration().minimumTextHeight

    @Flag(help: """
        Say on standard error, for each frame read, what it read and why the value leading the votes \
        is not reported yet (too few frames, too little weight for small text or a close runner-up...).
        """)
    var details = false

    @Flag(inversion: .prefixedNo, help: "Read a plate with the formats of the family its look shows (a blue band: European, Mercosur; its proportions: European, US).")
    var look = true

    @OptionGroup var engine: LiveEngineArguments

    func validate() throws {
        guard fps > 0 else { throw ValidationError("--fps must be positive") }
        do {
            try scannerConfiguration().validate()
        } catch let error as OCRError {
            throw ValidationError(error.reason)
        }
    }

    func run() async throws {
        let configuration = try scannerConfiguration()
        let scanner = try LiveScanner(engine: engine.makeEngine(jobs: 1, reading: configuration.pattern.script),
                                      secondOpinion: engine.makeSecondOpinion(jobs: 1), configuration: configuration)
        var frames = 0, read = 0, accepted = 0
        for try await frame in try frameSource() {
            frames += 1
            let step: LiveScanner.Step
            do {
                step = try await scanner.scan(frame)
            } catch let error as OCRError {
                warn("frame at \(String(format: "%.2f", frame.time.timeInterval)) s: \(error)")
                continue
            }
            if step.skipped == nil { read += 1 }
            if details, step.skipped == nil { warn(Self.details(of: step)) }
            guard let acceptance = step.accepted else { continue }
            accepted += 1
            // Written at once, even into a pipe: whoever reads it acts on each value as it comes.
            FileHandle.standardOutput.write(Data((try line(for: acceptance) + "\n").utf8))
        }
        warn("\(frames) frames, \(read) read, \(accepted) values reported")
    }

    /// `1.30 s  read AB12CDE 0.93, A812CDE 0.41; AB12CDE not reported: weight 1.62 of 3.10 (text 14 px high)`;
    /// `; PP587AO accepted, read with the formats of a European plate`.
    private static func details(of step: LiveScanner.Step) -> String {
        let reads = step.candidates.map { "\($0.value) " + String(format: "%.2f", $0.confidence) }
        var line = String(format: "%.2f s  ", step.time.timeInterval) + (reads.isEmpty ? "nothing fitting read" : "read " + reads.joined(separator: ", "))
        if let accepted = step.accepted { line += "; \(accepted.value) accepted" + formats(of: accepted.family) }
        if let waiting = step.waiting { line += "; \(waiting.value) not reported: \(waiting.reason)" + formats(of: waiting.family) }
        return line
    }

    private static func formats(of family: PlateFamily?) -> String {
        family.map { ", read with the formats of \($0)" } ?? ""
    }

    private func scannerConfiguration() throws -> LiveScanner.Configuration {
        var configuration = LiveScanner.Configuration(pattern: try TextPattern(named: pattern))
        if let roi { configuration.region = roi.rect }
        configuration.cooldown = .seconds(cooldown)
        configuration.minimumTextHeight = minTextHeight
        configuration.readsFormatFromLook = look
        // A folder of snapshots may be sparser than the scanner's default pace.
        configuration.minimumInterval = min(configuration.minimumInterval, .seconds(1 / fps))
        return configuration
    }

    private func frameSource() throws -> any AsyncSequence<Frame, any Error> {
        try FrameSource.frames(of: input, framesPerSecond: fps, decoder: ImageLoader(jobs: 1),
                               unreadable: { warn("skipped \($0)") },
                               streamEvents: { event in
                                   switch event {
                                   case .receiving: warn("\(input): receiving frames")
                                   case .dropped(let reason, let delay): warn("\(input): \(reason); opening it again in \(delay)")
                                   }
                               })
    }

    /// The printed line, once the evidence is saved.
    private func line(for acceptance: LiveScanner.Acceptance) throws -> String {
        // A stream's frames are timed by the clock (2026-11-25T22:40:01.300Z); a video's and a
        // folder's from their start (12.30 s).
        let time: String
        if StreamFrames.isStream(input) {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            time = formatter.string(from: Date(timeIntervalSince1970: acceptance.time.timeInterval))
        } else {
            time = String(format: "%.2f s", acceptance.time.timeInterval)
        }
        var picture: String?
        if let crop = acceptance.evidence {
            try FileManager.default.createDirectory(atPath: evidence, withIntermediateDirectories: true)
            let name = "\(acceptance.value)-\(time.replacingOccurrences(of: " ", with: "")).png"
            let path = (evidence as NSString).appendingPathComponent(name)
            try ImageWriter.write(crop, to: path)
            picture = path
        }
        switch format {
        case .text:
            return [time, acceptance.value, String(format: "%.2f", acceptance.confidence), picture ?? "-"]
                .joined(separator: "\t")
        case .jsonl:
            let record = AcceptanceRecord(
                value: acceptance.value, time: acceptance.time.timeInterval, firstSeen: acceptance.firstSeen.timeInterval,
                confidence: acceptance.confidence, votes: acceptance.votes, box: acceptance.box, evidence: picture,
                family: acceptance.family?.rawValue)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(record), as: UTF8.self)
        }
    }

    private struct AcceptanceRecord: Encodable {
        var value: String
        var time: Double
        var firstSeen: Double
        var confidence: Double
        var votes: Int
        var box: Rect
        var evidence: String?
        /// The plate family whose formats the value was read with: european, mercosur, us.
        var family: String?
    }
}

/// The engine a live scan reads with: the best one installed, unless told.
struct LiveEngineArguments: ParsableArguments {
    @Option(help: ArgumentHelp("""
        The engine that reads each frame: auto (ppocr when ONNX Runtime and its models are installed, \
        else tesseract), ppocr, tesseract (sparse text) or ndlocr.
        """))
    var engine: EngineChoice = .auto

    @Option(help: ArgumentHelp("""
        The ONNX engine's models: for ppocr, a set `ocr models install` fetches (\(PPOCRModelSet.installedNames.joined(separator: ", ")); \
        default \(PPOCRModelSet.installedNames[0])) or the folder of another.
        """, valueName: "set|folder"))
    var models: String?

    @Option(help: ArgumentHelp("""
        A second recogniser that reads the plate again in the frames whose reading is in doubt: a PP-OCR \
        model set (\(PPOCRModelSet.installedNames.joined(separator: ", "))) or the folder of another. \
        Where it reads a character otherwise, the frames must settle it before the value is reported.
        """, valueName: "set|folder"))
    var secondOpinion: String?

    /// The engine these arguments describe, reading text of `script` up to `jobs` frames at once.
    func makeEngine(jobs: Int, reading script: Script = .latin) throws -> any OCREngine {
        var settings = EngineSettings(engine, jobs: jobs, logger: diagnostics)
        settings.models = models
        return try settings.frameEngine(reading: script)
    }

    /// The second recogniser of --second-opinion, reading up to `jobs` plates at once; `nil` without it.
    func makeSecondOpinion(jobs: Int) throws -> (any LineRecognizer)? {
        try secondOpinion.map { try EngineSettings(.ppocr, jobs: jobs, logger: diagnostics).secondOpinion(models: $0) }
    }
}
