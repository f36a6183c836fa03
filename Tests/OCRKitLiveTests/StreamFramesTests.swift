import Foundation
import OCRKit
import OCRKitLive
import OCRKitTestSupport
import Synchronization
import Testing

/// A camera's stream, as ffmpeg serves one on loopback (HTTP, MPEG-TS, in real time), cut and
/// served again.
///
/// The limit guards against a hang, not slowness: alone the tests take 4 and 10 s, but in the
/// whole suite's first minutes, beside every other suite's processes on 2 cores, a fresh clone's
/// run took 77 s for one and ran past 2 minutes with the other.
@Suite(.heavy(hangGuard: .seconds(300))) struct StreamFramesTests {
    /// ffmpeg serving `seconds` of frames of one `colour` at 10 a second to the first client of
    /// `address`, then ending: the camera going away.
    private func serve(_ colour: String, seconds: Int, at address: String) throws -> ChildProcess.Running {
        try StreamServer.start(["-f", "lavfi", "-i", "color=c=\(colour):s=160x120:r=10", "-t", String(seconds)], at: address)
    }

    /// The colour in the middle of `bitmap`: "red", "blue", or "other".
    private func colour(of bitmap: Bitmap) -> String {
        let middle = ((bitmap.height / 2) * bitmap.width + bitmap.width / 2) * 3
        let (red, blue) = (bitmap.pixels[middle], bitmap.pixels[middle + 2])
        return red > 150 && blue < 100 ? "red" : blue > 150 && red < 100 ? "blue" : "other"
    }

    @Test func framesComeAsTheyArriveAndADroppedStreamIsOpenedAgain() async throws {
        let address = "http://127.0.0.1:\(try LoopbackPort.unused())/camera.ts"
        let first = try serve("red", seconds: 6, at: address)
        // The camera comes back once it went away, at the same address, and stays: a server
        // for one client, it is started again whenever a client leaves it.
        let second = Mutex<(server: ChildProcess.Running?, isDone: Bool)>((nil, false))
        defer { second.withLock { $0.isDone = true; $0.server?.signal() } }
        Thread { [self] in
            first.wait()
            while true {
                let server: ChildProcess.Running? = second.withLock { state in
                    guard !state.isDone else { return nil }
                    state.server = try? serve("blue", seconds: 5, at: address)
                    return state.server
                }
                guard let server else { return }
                server.wait()
            }
        }.start()

        var stream = StreamFrames(address: address, framesPerSecond: 10)
        stream.reconnection = Reconnection(firstDelay: .milliseconds(100), maximumDelay: .milliseconds(400))
        let events = Mutex<[StreamFrames.Event]>([])
        stream.events = { event in events.withLock { $0.append(event) } }
        var colours: [String] = [], times: [Duration] = []
        for try await frame in stream {
            colours.append(colour(of: frame.bitmap))
            times.append(frame.time)
            if colours.last == "red" {
                // A scanner busy reading this frame for half a second: the frames of that half
                // second are dropped, not queued behind it.
                try await Task.sleep(for: .milliseconds(500))
            }
            if colours.filter({ $0 == "blue" }).count == 5 { break }
        }

        #expect(second.withLock { $0.server } != nil, "the second server started")
        // 60 red frames were sent, 10 a second; a reader busy half a second with each had the
        // newest when it came back, about one in five, rather than all 60 waiting in a queue.
        let reds = colours.filter { $0 == "red" }.count
        #expect(reds >= 1 && reds <= 15, "\(colours)")
        #expect((colours.firstIndex(of: "blue") ?? -1) > (colours.lastIndex(of: "red") ?? -1))
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let seen = events.withLock { $0 }
        #expect(seen.filter { $0 == .receiving }.count >= 2, "\(seen)")
        #expect(seen.contains { if case .dropped = $0 { true } else { false } }, "\(seen)")
    }

    @Test func aScannerReadsAStream() async throws {
        let cameraAddress = "http://127.0.0.1:\(try LoopbackPort.unused())/camera.ts"
        // Longer than any machine takes to read three frames, so that the loop ends before the
        // stream does: a fresh clone's whole suite once took over a minute for two, and the
        // scanner then waited for a camera gone for good. The server is stopped at the end.
        let server = try serve("red", seconds: 600, at: cameraAddress)
        defer { server.signal() }
        let scanner = try LiveScanner(engine: Scenes.engine())
        var frames = 0
        // Example from Sources/OCRKitLive/FrameSources/StreamFrames.swift
        var camera = StreamFrames(address: cameraAddress, framesPerSecond: 10)   // "rtsp://gate.local/stream"
        camera.events = { print($0) }
        for try await frame in camera {
            if let plate = try await scanner.scan(frame).accepted { print(plate.value) }
            frames += 1
            if frames == 3 { break }
        }
        #expect(frames == 3)
    }

    @Test func reconnectionWaitsLongerAfterEachFailureUpToItsMaximum() {
        // Example from Sources/OCRKitLive/FrameSources/Reconnection.swift
        let reconnection = Reconnection(firstDelay: .milliseconds(500), maximumDelay: .seconds(30))
        let pause = reconnection.delay(afterFailures: 3)   // 2 seconds
        #expect(pause == .seconds(2))
        let short = Reconnection(firstDelay: .milliseconds(500), maximumDelay: .seconds(3))
        #expect((1...6).map { short.delay(afterFailures: $0) }
                == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3), .seconds(3)])
    }

    @Test func addressesAndDevicesAreStreams() {
        #expect(StreamFrames.isStream("rtsp://camera.local/stream"))
        #expect(StreamFrames.isStream("udp://239.0.0.1:1234"))
        #expect(StreamFrames.isStream("/dev/video0"))
        #expect(!StreamFrames.isStream("gate.mp4"))
        #expect(!StreamFrames.isStream("snapshots/"))
    }
}
