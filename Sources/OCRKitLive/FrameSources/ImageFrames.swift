import OCRKit

/// Image files as the frames of a feed, in the order given, `framesPerSecond` apart: a camera's
/// snapshots in a folder, or a video exported as pictures.
///
/// A file that cannot be decoded is skipped, and `unreadable` is told why; its time slot stays
/// empty, so the frames after it keep their times.
///
/// ```swift
/// let frames = ImageFrames(files: snapshots, decoder: ImageLoader(), framesPerSecond: 5) { error in
///     print("skipped \(error)")
/// }
/// for try await frame in frames { _ = try await scanner.scan(frame) }
/// ```
public struct ImageFrames: AsyncSequence, Sendable {
    public typealias Element = Frame

    public let files: [String]
    public let framesPerSecond: Double
    private let decoder: any ImageDecoder
    private let unreadable: @Sendable (OCRError) -> Void

    public init(files: [String], decoder: any ImageDecoder, framesPerSecond: Double = 10,
                unreadable: @escaping @Sendable (OCRError) -> Void = { _ in }) {
        precondition(framesPerSecond > 0, "frames need a positive rate")
        self.files = files
        self.decoder = decoder
        self.framesPerSecond = framesPerSecond
        self.unreadable = unreadable
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let frames: ImageFrames
        var position = 0

        public mutating func next() async throws -> Frame? {
            while position < frames.files.count {
                defer { position += 1 }
                let time = Duration.seconds(Double(position) / frames.framesPerSecond)
                do {
                    let bitmap = try await frames.decoder.decode(contentsOf: frames.files[position], maximumSide: nil)
                    return Frame(bitmap: bitmap, time: time)
                } catch let error as OCRError {
                    frames.unreadable(error)
                }
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(frames: self)
    }
}
