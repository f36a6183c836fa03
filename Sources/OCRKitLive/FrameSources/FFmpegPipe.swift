import Foundation
import OCRKit

/// One ffmpeg process writing frames as PPM images to a pipe, and what it said on standard
/// error. Its frames are read on one thread at a time; ``terminate()`` may be called from any.
final class FFmpegPipe: @unchecked Sendable {
    private let process = Process()
    let frames: PixmapReader
    private let errorLog = FileManager.default.temporaryDirectory
        .appendingPathComponent("ocrkit-ffmpeg-\(UUID().uuidString).log").path

    /// Starts `ffmpeg` reading `input` (after its `inputOptions`) at `framesPerSecond`.
    ///
    /// - Throws: an ``OCRError`` naming `source` when ffmpeg cannot be started.
    init(ffmpeg: String, inputOptions: [String] = [], input: String, framesPerSecond: Double, source: String) throws {
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
            throw OCRError(.engineUnavailable, path: source, reason: "cannot start ffmpeg (\(error)); apt-get install ffmpeg installs it")
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

    /// Waits for ffmpeg to end, and says why it failed: `nil` when it ended well.
    func failure() -> (status: Int32, message: String)? {
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return nil }
        let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        let message = log.split(whereSeparator: \.isNewline).last.map(String.init)
            ?? "ffmpeg exited with status \(process.terminationStatus)"
        return (process.terminationStatus, message)
    }
}
