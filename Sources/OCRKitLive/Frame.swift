import OCRKit

/// One picture of a live feed: a camera's frame, a video's, or a file's from a folder of them.
///
/// ```swift
/// let step = try await scanner.scan(Frame(bitmap: pixels, time: 12.4))
/// ```
public struct Frame: Sendable {
    public var bitmap: Bitmap
    /// When the frame was taken, in seconds from any fixed start: the scanner's windows, lead times
    /// and cooldowns count in this time, not the clock's, so a video scans the same at any speed.
    public var time: Double

    public init(bitmap: Bitmap, time: Double) {
        self.bitmap = bitmap
        self.time = time
    }
}
