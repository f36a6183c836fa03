import Foundation
import OCRKitProcesses

/// A camera for tests: ffmpeg serving a stream in real time over HTTP on loopback, as MPEG-TS
/// with a key frame every 5 frames, to the first client of its address, then ending.
public enum StreamServer {
    /// Starts ffmpeg serving `input` (ffmpeg's input arguments, `-i` and its source included) at
    /// `address`, an `http://127.0.0.1:PORT/...` address (see ``LoopbackPort``).
    ///
    /// ```swift
    /// let camera = try StreamServer.start(["-f", "lavfi", "-i", "color=c=red:s=160x120:r=10", "-t", "6"], at: address)
    /// ```
    public static func start(_ input: [String], at address: String) throws -> ChildProcess.Running {
        try ChildProcess.start("ffmpeg", ["-nostdin", "-v", "error", "-re"] + input
            + ["-c:v", "mpeg2video", "-q:v", "2", "-g", "5", "-f", "mpegts", "-listen", "1", address])
    }
}
