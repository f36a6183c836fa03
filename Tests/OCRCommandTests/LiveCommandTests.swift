import Foundation
import OCRKit
import OCRKitImages
import OCRKitTestSupport
import Synchronization
import Testing

@Suite(.heavy) struct LiveCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A folder of `count` frames of a UK plate, shaking by a pixel or two, and returns its path.
    private func writeFrames(plate: String, count: Int) throws -> String {
        let frames = folder.file("frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        let text = try TextRenderer.render(plate, font: "DejaVu Sans Bold 40", dpi: 72, margin: 8)
        for index in 0..<count {
            let frame = Bitmap.page(width: 640, height: 360, placing: [(text, 180 + index % 3, 140)], resolution: nil)
            try ImageWriter.write(frame, to: "\(frames)/frame\(index).png")
        }
        return frames
    }

    @Test func eachValueIsPrintedOnceWithItsTimeConfidenceAndEvidence() async throws {
        let frames = try writeFrames(plate: "AB12 CDE", count: 12)
        let evidence = folder.file("evidence")
        let result = try await ocr(["live", frames, "--engine", "tesseract", "--pattern", "uk", "--format", "jsonl",
                              "--evidence", evidence])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == 1, "\(result.output)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(record["value"] as? String == "AB12CDE")
        #expect((record["time"] as? Double).map { $0 >= 0.2 && $0 <= 0.5 } == true)
        #expect((record["confidence"] as? Double).map { $0 > 0.5 } == true)
        let picture = try #require(record["evidence"] as? String)
        #expect(picture.hasPrefix(evidence) && FileManager.default.fileExists(atPath: picture))
        #expect(result.errors.contains("12 frames, 12 read, 1 values reported"))

        let text = try await ocr(["live", frames, "--engine", "tesseract", "--pattern", "uk", "--evidence", evidence])
        let fields = text.output.split(separator: "\n").first?.split(separator: "\t").map(String.init) ?? []
        #expect(fields.count == 4 && fields[1] == "AB12CDE" && fields[3] == picture)
    }

    /// PP-OCR reads the O of `BA302OZ` on a European plate as 0 in every frame; the plate's EU band
    /// has it read with the European formats, where only Italy's and France's fits. A second
    /// opinion changes nothing the frames agree on with it, and --no-look leaves the value as read.
    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func aPlatesLookChoosesItsFormats() async throws {
        let frames = folder.file("european")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        for index in 0..<8 {
            try ImageWriter.write(try PaintedPlates.frame("BA302OZ", look: .european, shift: index % 3), to: "\(frames)/frame\(index).png")
        }
        let arguments = ["live", frames, "--engine", "ppocr", "--format", "jsonl", "--evidence", folder.file("evidence")]
        let result = try await ocr(arguments + ["--second-opinion", "v4", "--details"])
        #expect(result.status == 0, "\(result.errors)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        #expect(record["value"] as? String == "BA302OZ")
        #expect(record["family"] as? String == "european")
        #expect(result.errors.contains("BA302OZ accepted, read with the formats of a European plate"), "\(result.errors)")
        let asRead = try await ocr(arguments + ["--no-look"])
        #expect(!asRead.output.contains("BA302OZ") && !asRead.output.contains("family"), "\(asRead.output)")
    }

    @Test func detailsSayWhyAValueWaitsFrameByFrame() async throws {
        let frames = try writeFrames(plate: "AB12 CDE", count: 6)
        let result = try await ocr(["live", frames, "--engine", "tesseract", "--pattern", "uk", "--details",
                              "--evidence", folder.file("evidence")])
        #expect(result.status == 0, "\(result.errors)")
        let details = result.errors.split(separator: "\n").filter { $0.hasPrefix("ocr: ") && $0.contains(" s  read") }
        try #require(details.count == 6, "\(result.errors)")
        #expect(details[0].hasPrefix("ocr: 0.00 s  read AB12CDE ") && details[0].hasSuffix("AB12CDE not reported: led for 0.00 s of 0.20"), "\(details)")
        #expect(details[1].hasSuffix("AB12CDE not reported: led for 0.10 s of 0.20"))
        #expect(details.contains { $0.hasSuffix("; AB12CDE accepted") })
        #expect(details.last?.hasSuffix("AB12CDE not reported: accepted already") == true)
        #expect(result.output.split(separator: "\n").count == 1)
    }

    @Test func badInputIsNamedWithTheCause() async throws {
        let missing = try await ocr(["live", folder.file("gate.mp4"), "--engine", "tesseract"])
        #expect(missing.status != 0 && missing.errors.contains(folder.file("gate.mp4")))

        let notVideo = try folder.write(Array("plain text".utf8), to: "notes.mp4")
        let undecodable = try await ocr(["live", notVideo, "--engine", "tesseract", "--evidence", folder.file("evidence")])
        #expect(undecodable.status != 0 && undecodable.errors.contains(notVideo) && undecodable.errors.contains("ffmpeg"))

        let badPattern = try await ocr(["live", notVideo, "--pattern", "[A-"])
        #expect(badPattern.status != 0 && badPattern.errors.contains("[A-"))
        let badRegion = try await ocr(["live", notVideo, "--roi", "0.5,0,0.8,1"])
        #expect(badRegion.status != 0 && badRegion.errors.contains("region"))
    }

    /// A video of `plate`, 3 s at 10 frames a second, in MPEG-TS as cameras stream it.
    private func plateVideo(_ plate: String, name: String) throws -> String {
        let frames = folder.file("\(name)-frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        let text = try TextRenderer.render(plate, font: "DejaVu Sans Bold 40", dpi: 72, margin: 8)
        for index in 0..<30 {
            let frame = Bitmap.page(width: 640, height: 360, placing: [(text, 180 + index % 3, 140)], resolution: nil)
            try ImageWriter.write(frame, to: "\(frames)/frame\(index).png")
        }
        let video = folder.file(name)
        let encoded = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-framerate", "10", "-i", "\(frames)/frame%d.png",
                                              "-c:v", "mpeg2video", "-q:v", "2", "-f", "mpegts", video])
        try #require(encoded.status == 0, "ffmpeg could not encode the test video (scripts/setup installs it): \(encoded.errors)")
        return video
    }

    /// ffmpeg serving `video` over and over, in real time, to the first client of `address`,
    /// until it is stopped.
    private func serve(_ video: String, at address: String) throws -> ChildProcess.Running {
        try StreamServer.start(["-stream_loop", "-1", "-i", video], at: address)
    }

    @Test(.heavy(hangGuard: .seconds(180))) func aCameraStreamIsReadAndOpenedAgainWhenItDrops() async throws {
        // The camera shows one car, goes away, and comes back at the same address showing another.
        let first = try plateVideo("AB12 CDE", name: "first.ts"), second = try plateVideo("XY34 ZZZ", name: "second.ts")
        let address = "http://127.0.0.1:\(try LoopbackPort.unused())/camera.ts"
        let firstServer = try serve(first, at: address)
        // Both serve until stopped: the second is not started once the test has ended.
        let secondServer = Mutex<(server: ChildProcess.Running?, isDone: Bool)>((nil, false))
        defer {
            secondServer.withLock { $0.isDone = true; $0.server?.signal() }
            firstServer.signal()
        }
        Thread { [self] in
            firstServer.wait()
            secondServer.withLock { state in
                guard !state.isDone else { return }
                state.server = try? serve(second, at: address)
            }
        }.start()

        // Its lines as it prints them, through a named pipe, opened here first: the child opens its
        // end while it is spawned, which would wait for a reader for ever.
        let printed = folder.file("printed")
        try #require(mkfifo(printed, 0o600) == 0)
        let reading = open(printed, O_RDONLY | O_NONBLOCK)
        try #require(reading >= 0 && fcntl(reading, F_SETFL, 0) == 0)
        let output = FileHandle(fileDescriptor: reading, closeOnDealloc: true)
        let live = try ChildProcess.start(BuiltProducts.ocr, ["live", address, "--engine", "tesseract", "--pattern", "uk",
                                                              "--evidence", folder.file("evidence")],
                                          output: printed, errors: folder.file("errors.txt"))
        // A stream has no end: the scanner runs until stopped, here once both cars are reported or two minutes have passed.
        let stop = DispatchWorkItem { live.signal() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: stop)
        let lines = await offThePool { () -> [String] in
            var text = "", cameraWentAway = false
            while text.split(separator: "\n").count < 2 {
                let data = output.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
                // The first car reported, however long a busy machine took, the camera goes away.
                if !cameraWentAway && text.contains("\n") {
                    firstServer.signal()
                    cameraWentAway = true
                }
            }
            return text.split(separator: "\n").map(String.init)
        }
        stop.cancel()
        live.signal()
        await live.ended()

        let fields = lines.map { $0.split(separator: "\t").map(String.init) }
        #expect(fields.map { $0.count > 1 ? $0[1] : "" } == ["AB12CDE", "XY34ZZZ"], "\(lines)")
        // Stamped with the clock's time, not seconds from the stream's start.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(fields.allSatisfy { ($0.first.flatMap(formatter.date(from:))?.timeIntervalSinceNow ?? -1000) > -120 }, "\(lines)")
        let errors = try String(contentsOfFile: folder.file("errors.txt"), encoding: .utf8)
        #expect(errors.contains("\(address): the stream ended; opening it again in"), "\(errors)")
    }
}
