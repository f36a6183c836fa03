import Foundation
import OCRKit

/// The frames of a live stream, a video file or a folder of images, whichever a path names: what
/// `ocr live` reads.
///
/// ```swift
/// let frames = try FrameSource.frames(of: video, framesPerSecond: 10, decoder: ImageLoader())
/// for try await frame in frames { _ = try await scanner.scan(frame) }
/// ```
public enum FrameSource {
    /// A stream's frames as they arrive (``StreamFrames``, telling `streamEvents` when it drops
    /// and is opened again), a video's frames through ffmpeg (``VideoFrames``), or a folder's
    /// images in natural name order (``ImageFrames``), `framesPerSecond` apart; images that cannot
    /// be decoded are skipped and handed to `unreadable`.
    ///
    /// - Throws: ``OCRError`` naming the path when nothing is there or the folder holds no images.
    public static func frames(
        of path: String, framesPerSecond: Double, decoder: any ImageDecoder,
        unreadable: @escaping @Sendable (OCRError) -> Void = { _ in },
        streamEvents: @escaping @Sendable (StreamFrames.Event) -> Void = { _ in }
    ) throws -> any AsyncSequence<Frame, any Error> {
        if StreamFrames.isStream(path) {
            var stream = StreamFrames(address: path, framesPerSecond: framesPerSecond)
            stream.events = streamEvents
            return stream
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw OCRError(.fileNotFound, path: path, reason: "no such file or folder")
        }
        guard isDirectory.boolValue else { return VideoFrames(path: path, framesPerSecond: framesPerSecond) }
        let files = ImageFiles.resolve([path]).files
        guard !files.isEmpty else { throw OCRError(.fileNotFound, path: path, reason: "the folder holds no images") }
        return ImageFrames(files: files, decoder: decoder, framesPerSecond: framesPerSecond, unreadable: unreadable)
    }
}
