import Foundation
import OCRKit
import OCRKitImages
import OCRKitLive
import OCRKitTestSupport
import Synchronization
import Testing

@Suite(.heavy) struct FrameSourceTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes `frames` as frame00.png, frame01.png... and returns their paths.
    private func writeFrames(_ frames: [Frame]) throws -> [String] {
        try frames.enumerated().map { index, frame in
            let path = folder.file(String(format: "frame%02d.png", index))
            try ImageWriter.write(frame.bitmap, to: path)
            return path
        }
    }

    /// Encodes the PNG frames of the folder into a lossless video at 10 frames a second.
    private func encodeVideo(named name: String) throws -> String {
        let video = folder.file(name)
        let encoded = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-framerate", "10", "-i", folder.file("frame%02d.png"),
                                              "-c:v", "ffv1", video])
        try #require(encoded.status == 0, "ffmpeg could not encode the test video (scripts/setup installs it): \(encoded.errors)")
        return video
    }

    @Test func imageFilesAreFramesInTheirOrderAndUnreadableOnesAreSkipped() async throws {
        var files = try writeFrames(Scenes.sequence(plate: "AB12 CDE", count: 3))
        let damaged = try folder.write(Array("not an image".utf8), to: "damaged.png")
        files.insert(damaged, at: 1)
        let skipped = Mutex<[OCRError]>([])
        let frames = ImageFrames(files: files, decoder: ImageLoader(), framesPerSecond: 10) { error in
            skipped.withLock { $0.append(error) }
        }
        var times: [Duration] = []
        for try await frame in frames { times.append(frame.time) }
        // The damaged file keeps its time slot: the frames after it are not moved earlier.
        #expect(times == [.zero, .seconds(0.2), .seconds(0.3)])
        #expect(skipped.withLock { $0.map(\.path) } == [damaged])
    }

    @Test func aPathIsAVideoOrAFolderOfFrames() async throws {
        _ = try writeFrames(Scenes.sequence(plate: "AB12 CDE", count: 12))
        let video = try encodeVideo(named: "gate.mkv")
        var fromFolder = 0, fromVideo = 0
        for try await _ in try FrameSource.frames(of: folder.path, framesPerSecond: 10, decoder: ImageLoader()) { fromFolder += 1 }
        for try await _ in try FrameSource.frames(of: video, framesPerSecond: 10, decoder: ImageLoader()) { fromVideo += 1 }
        #expect(fromFolder == 12)
        #expect(fromVideo == 12)

        let empty = folder.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect { try FrameSource.frames(of: empty, framesPerSecond: 10, decoder: ImageLoader()) } throws: {
            "\($0)" == "\(empty): the folder holds no images"
        }
        #expect { try FrameSource.frames(of: folder.file("gone.mkv"), framesPerSecond: 10, decoder: ImageLoader()) } throws: {
            ($0 as? OCRError)?.code == .fileNotFound
        }
    }

    @Test func videosAreDecodedByFFmpegAtTheRateAsked() async throws {
        _ = try writeFrames(Scenes.sequence(plate: "AB12 CDE", count: 12))
        let video = try encodeVideo(named: "gate.mkv")
        var frames: [Frame] = []
        for try await frame in VideoFrames(path: video, framesPerSecond: 10) { frames.append(frame) }
        #expect(frames.count == 12)
        #expect(frames.map(\.time) == (0..<12).map { Duration.seconds(Double($0) / 10) })
        #expect(frames.allSatisfy { $0.bitmap.width == Scenes.width && $0.bitmap.height == Scenes.height })
        #expect(frames[3].bitmap.image == "\(video) frame 4")

        var halved = 0
        for try await _ in VideoFrames(path: video, framesPerSecond: 5) { halved += 1 }
        #expect(halved == 6)

        // And the scanner reads the plate from them, once.
        let scanner = try LiveScanner(engine: Scenes.engine(), configuration: .init(pattern: .ukPlate))
        var accepted: [String] = []
        for frame in frames {
            if let value = try await scanner.scan(frame).accepted?.value { accepted.append(value) }
        }
        #expect(accepted == ["AB12CDE"])
    }

    @Test func videosThatCannotBeDecodedAreNamedWithTheCause() async throws {
        let text = try folder.write(Array("just some text, no video".utf8), to: "notes.mp4")
        for (path, code) in [(text, OCRError.Code.unsupportedFormat), (folder.file("missing.mp4"), .fileNotFound),
                             (folder.path, .notReadable)] {
            await #expect {
                for try await _ in VideoFrames(path: path) {}
            } throws: {
                ($0 as? OCRError)?.code == code && ($0 as? OCRError)?.path == path
            }
        }
    }
}
