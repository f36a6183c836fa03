import Foundation
import OCRKit
import Synchronization

/// The frames of a live stream, decoded by ffmpeg as they arrive: a network camera's
/// `rtsp://`, `http://` or `udp://` address, or a V4L2 device such as `/dev/video0`.
///
/// The answer must be about now: a frame that arrives while the one before is still being read
/// replaces it, and frames are never queued. When the stream drops (a camera restarting, the
/// network cut), it is opened again after a pause that doubles with each attempt that fails
/// (``Reconnection``), and `events` hears of it; it ends only when its reader stops. Each frame's
/// time is when it arrived, in seconds since 1970.
///
/// ```swift
/// var camera = StreamFrames(address: cameraAddress, framesPerSecond: 10)   // "rtsp://gate.local/stream"
/// camera.events = { print($0) }
/// for try await frame in camera {
///     if let plate = try await scanner.scan(frame).accepted { print(plate.value) }
/// }
/// ```
public struct StreamFrames: AsyncSequence, Sendable {
    public typealias Element = Frame

    /// What happened to the stream, for its reader's log.
    public enum Event: Sendable, Hashable {
        /// Frames are coming, after the stream was opened or opened again.
        case receiving
        /// The stream dropped or could not be opened, for `reason`; it is opened again in `retryIn`.
        case dropped(reason: String, retryIn: Duration)
    }

    public let address: String
    public let framesPerSecond: Double
    /// The ffmpeg program: a path, or a name looked up in `PATH`.
    public var ffmpeg = "ffmpeg"
    public var reconnection = Reconnection()
    /// A stream silent this long is taken as dropped.
    public var silenceLimit: Duration = .seconds(10)
    /// Told of each ``Event``, on the stream's own thread.
    public var events: @Sendable (Event) -> Void = { _ in }

    public init(address: String, framesPerSecond: Double = 10) {
        precondition(framesPerSecond > 0, "frames need a positive rate")
        self.address = address
        self.framesPerSecond = framesPerSecond
    }

    /// Whether `path` names a live stream rather than a file or folder: an address with a scheme
    /// (`rtsp://`), or a video device (`/dev/video0`).
    public static func isStream(_ path: String) -> Bool {
        path.contains("://") || path.hasPrefix("/dev/video")
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<Frame, any Error>.Iterator {
        // The newest frame only: one that arrives while the reader is busy replaces the one waiting.
        let (frames, continuation) = AsyncThrowingStream.makeStream(of: Frame.self, bufferingPolicy: .bufferingNewest(1))
        let reader = StreamReader(stream: self, continuation: continuation)
        continuation.onTermination = { _ in reader.stop() }
        let thread = Thread { reader.run() }
        thread.name = "OCRKitLive.StreamFrames"
        thread.start()
        return frames.makeAsyncIterator()
    }

    /// ffmpeg's options for the input: frames passed on as soon as they are decoded, after a
    /// look at the stream of up to 2 s (its default of 5 s would hold the first frames back as
    /// long; less can miss the key frame of a camera that sends one every second or two, and
    /// fail to open it); how long a silent connection is waited for, in the protocol's own
    /// option; and TCP for RTSP, which loses no packets to a busy network.
    var inputOptions: [String] {
        if address.hasPrefix("/dev/") { return ["-f", "v4l2"] }
        let microseconds = String(Int(silenceLimit / .microseconds(1)))
        let live = ["-fflags", "nobuffer", "-analyzeduration", "2000000"]
        switch address.prefix(while: { $0 != ":" }).lowercased() {
        case "rtsp", "rtsps": return live + ["-rtsp_transport", "tcp", "-timeout", microseconds]
        case "udp", "rtp": return live + ["-timeout", microseconds]
        default: return live + ["-rw_timeout", microseconds]
        }
    }
}

/// Runs ffmpeg for a ``StreamFrames`` on a thread of its own, opening the stream again each time
/// it drops, until stopped.
private final class StreamReader: Sendable {
    private let stream: StreamFrames
    private let continuation: AsyncThrowingStream<Frame, any Error>.Continuation
    private struct State {
        var isStopped = false
        var ffmpeg: FFmpegPipe?
    }
    private let state = Mutex(State())
    /// Wakes the reader from its pause between attempts when it is stopped.
    private let wake = NSCondition()

    init(stream: StreamFrames, continuation: AsyncThrowingStream<Frame, any Error>.Continuation) {
        self.stream = stream
        self.continuation = continuation
    }

    func stop() {
        state.withLock {
            $0.isStopped = true
            $0.ffmpeg?.terminate()
        }
        wake.lock()
        wake.broadcast()
        wake.unlock()
    }

    private var isStopped: Bool { state.withLock { $0.isStopped } }

    func run() {
        var failures = 0, frameNumber = 0
        while !isStopped {
            let ffmpeg: FFmpegPipe
            do {
                ffmpeg = try FFmpegPipe(ffmpeg: stream.ffmpeg, inputOptions: stream.inputOptions, input: stream.address,
                                        framesPerSecond: stream.framesPerSecond)
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let started = state.withLock { state in
                if !state.isStopped { state.ffmpeg = ffmpeg }
                return !state.isStopped
            }
            guard started else { break }
            var reason: String?
            do {
                while let bitmap = try ffmpeg.frames.next(source: "\(stream.address) frame \(frameNumber + 1)") {
                    if failures > 0 || frameNumber == 0 { stream.events(.receiving) }
                    failures = 0
                    frameNumber += 1
                    continuation.yield(Frame(bitmap: bitmap, time: .seconds(Date().timeIntervalSince1970)))
                }
            } catch {
                // Cut inside a frame: the stream dropped, and ffmpeg may not have noticed yet.
                reason = "\(error)"
                ffmpeg.terminate()
            }
            state.withLock { $0.ffmpeg = nil }
            guard !isStopped else { break }
            let failure: String?
            do {
                failure = try ffmpeg.failure()
            } catch {
                continuation.finish(throwing: error)
                return
            }
            failures += 1
            let delay = stream.reconnection.delay(afterFailures: failures)
            stream.events(.dropped(reason: failure ?? reason ?? "the stream ended", retryIn: delay))
            pause(for: delay)
        }
        continuation.finish()
    }

    /// Waits `delay`, or until stopped.
    private func pause(for delay: Duration) {
        let until = Date(timeIntervalSinceNow: delay / .seconds(1))
        wake.lock()
        while !isStopped, wake.wait(until: until) {}
        wake.unlock()
    }
}
