import OCRKit

/// One picture of a live feed: a camera's frame, a video's, or a file's from a folder of them.
///
/// ```swift
/// let step = try await scanner.scan(Frame(bitmap: pixels, time: .milliseconds(12_400)))
/// ```
public struct Frame: Sendable {
    public var bitmap: Bitmap
    /// When the frame was taken, from any fixed start (a video's first frame, the Unix epoch for
    /// a stream): the scanner's windows, lead times and cooldowns count in this time, not the
    /// clock's, so a video scans the same at any speed.
    public var time: Duration

    public init(bitmap: Bitmap, time: Duration) {
        self.bitmap = bitmap
        self.time = time
    }
}
