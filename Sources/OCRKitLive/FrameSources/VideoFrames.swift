import Dispatch
import Foundation
import OCRKit

/// The frames of a video file, decoded by ffmpeg (Debian's `ffmpeg` package) at a steady
/// `framesPerSecond` and read as raw pixels from its output pipe.
///
/// ffmpeg decodes only as fast as the frames are taken: a slow scanner holds it back through the
/// pipe rather than letting frames pile up in memory. Reads block, so they run on a thread of the
/// sequence's own, never on Swift's cooperative pool.
///
/// ```swift
/// for try await frame in VideoFrames(path: video, framesPerSecond: 10) {
///     _ = try await scanner.scan(frame)
/// }
/// ```
public struct VideoFrames: AsyncSequence, Sendable {
    public typealias Element = Frame

    public let path: String
    public let framesPerSecond: Double
    /// The ffmpeg program: a path, or a name looked up in `PATH`.
    public var ffmpeg = "ffmpeg"

    public init(path: String, framesPerSecond: Double = 10) {
        precondition(framesPerSecond > 0, "frames need a positive rate")
        self.path = path
        self.framesPerSecond = framesPerSecond
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let decoder: FFmpegDecoder

        /// - Throws: an ``OCRError`` naming the file: missing, not a video ffmpeg can decode, or
        ///   ffmpeg not installed.
        public mutating func next() async throws -> Frame? {
            let decoder = decoder
            return try await withCheckedThrowingContinuation { continuation in
                decoder.queue.async { continuation.resume(with: Result { try decoder.nextFrame() }) }
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(decoder: FFmpegDecoder(video: self))
    }
}

/// One ffmpeg process and the reading of its output, confined to `queue`.
private final class FFmpegDecoder: @unchecked Sendable {
    let queue = DispatchQueue(label: "OCRKitLive.VideoFrames")
    private let video: VideoFrames
    private var process: Process?
    private var output: PixmapReader?
    private let errorLog = FileManager.default.temporaryDirectory
        .appendingPathComponent("ocrkit-ffmpeg-\(UUID().uuidString).log").path
    private var frameCount = 0
    private var finished = false

    init(video: VideoFrames) {
        self.video = video
    }

    deinit {
        if let process, process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: errorLog)
    }

    func nextFrame() throws -> Frame? {
        guard !finished else { return nil }
        let output = try self.output ?? start()
        guard let bitmap = try output.next(source: "\(video.path) frame \(frameCount + 1)") else {
            finished = true
            try checkExit()
            return nil
        }
        defer { frameCount += 1 }
        return Frame(bitmap: bitmap, time: Double(frameCount) / video.framesPerSecond)
    }

    private func start() throws -> PixmapReader {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: video.path, isDirectory: &isDirectory) else {
            throw OCRError(.fileNotFound, path: video.path, reason: "no such file")
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: video.path) else {
            throw OCRError(.notReadable, path: video.path, reason: isDirectory.boolValue ? "a folder, not a video" : "permission denied")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Frames as PPM images, one after another: each says its own size.
        process.arguments = [video.ffmpeg, "-nostdin", "-v", "error", "-i", video.path,
                             "-vf", "fps=\(video.framesPerSecond)", "-f", "image2pipe", "-c:v", "ppm", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorLog)
        do {
            try process.run()
        } catch {
            throw OCRError(.engineUnavailable, path: video.path, reason: "cannot start ffmpeg (\(error)); apt-get install ffmpeg installs it")
        }
        self.process = process
        let reader = PixmapReader(handle: pipe.fileHandleForReading)
        output = reader
        return reader
    }

    private func checkExit() throws {
        guard let process else { return }
        process.waitUntilExit()
        guard process.terminationStatus != 0 else { return }
        let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        let message = log.split(whereSeparator: \.isNewline).last.map(String.init) ?? "ffmpeg exited with status \(process.terminationStatus)"
        if process.terminationStatus == 127 {
            throw OCRError(.engineUnavailable, path: video.path, reason: "ffmpeg is not installed: apt-get install ffmpeg")
        }
        throw OCRError(frameCount == 0 ? .unsupportedFormat : .corrupt, path: video.path,
                       reason: "ffmpeg cannot decode it as a video (\(message))")
    }
}
