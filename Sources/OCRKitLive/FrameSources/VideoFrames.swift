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
    private var ffmpeg: FFmpegPipe?
    private var frameCount = 0
    private var finished = false

    init(video: VideoFrames) {
        self.video = video
    }

    func nextFrame() throws -> Frame? {
        guard !finished else { return nil }
        let ffmpeg = try self.ffmpeg ?? start()
        guard let bitmap = try ffmpeg.frames.next(source: "\(video.path) frame \(frameCount + 1)") else {
            finished = true
            try checkExit(of: ffmpeg)
            return nil
        }
        defer { frameCount += 1 }
        return Frame(bitmap: bitmap, time: .seconds(Double(frameCount) / video.framesPerSecond))
    }

    private func start() throws -> FFmpegPipe {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: video.path, isDirectory: &isDirectory) else {
            throw OCRError(.fileNotFound, path: video.path, reason: "no such file")
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: video.path) else {
            throw OCRError(.notReadable, path: video.path, reason: isDirectory.boolValue ? "a folder, not a video" : "permission denied")
        }
        let ffmpeg = try FFmpegPipe(ffmpeg: video.ffmpeg, input: video.path, framesPerSecond: video.framesPerSecond)
        self.ffmpeg = ffmpeg
        return ffmpeg
    }

    private func checkExit(of ffmpeg: FFmpegPipe) throws {
        guard let message = try ffmpeg.failure() else { return }
        throw OCRError(frameCount == 0 ? .unsupportedFormat : .corrupt, path: video.path,
                       reason: "ffmpeg cannot decode it as a video (\(message))")
    }
}
