import Foundation
import OCRKit

/// One ffmpeg process writing frames as PPM images to a pipe, and what it said on standard
/// error. Its frames are read on one thread at a time; ``terminate()`` may be called from any.
final class FFmpegPipe: @unchecked Sendable {
    private let process = Process()
    let frames: PixmapReader
    /// What errors name: the video or the stream ffmpeg reads.
    private let input: String
    private let errorLog = FileManager.default.temporaryDirectory
        .appendingPathComponent("ocrkit-ffmpeg-\(UUID().uuidString).log").path

    /// Starts `ffmpeg` reading `input` (after its `inputOptions`) at `framesPerSecond`.
    ///
    /// - Throws: an ``OCRError`` naming `input` when ffmpeg cannot be started.
    init(ffmpeg: String, inputOptions: [String] = [], input: String, framesPerSecond: Double) throws {
        self.input = input
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Frames as PPM images, one after another: each says its own size.
        process.arguments = [ffmpeg, "-nostdin", "-v", "error"] + inputOptions
            + ["-i", input, "-vf", "fps=\(framesPerSecond)", "-f", "image2pipe", "-c:v", "ppm", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        do {
            try process.run()
        } catch {
            throw OCRError(.engineUnavailable, path: input, reason: "cannot start ffmpeg (\(error)); apt-get install ffmpeg installs it", underlyingError: error)
        }
        frames = PixmapReader(handle: pipe.fileHandleForReading)
    }

    deinit {
        terminate()
        try? FileManager.default.removeItem(atPath: errorLog)
    }

    /// Stops ffmpeg, if it still runs.
    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for ffmpeg to end, and says why it failed (its last message): `nil` when it ended well.
    ///
    /// - Throws: an ``OCRError`` naming the input when ffmpeg is not installed.
    func failure() throws -> String? {
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        if process.terminationStatus == 127 {
            throw OCRError(.engineUnavailable, path: input, reason: "ffmpeg is not installed: apt-get install ffmpeg")
        }
        let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        return log.split(whereSeparator: \.isNewline).last.map(String.init)
            ?? "ffmpeg exited with status \(process.terminationStatus)"
    }
}
