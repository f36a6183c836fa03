import OCRKit
import OCRKitLive
import OCRKitTestSupport

extension PaintedPlates {
    /// `count` frames 0.1 s apart of one plate, shaking by a pixel or two.
    static func sequence(_ text: String, look: Look, count: Int) throws -> [Frame] {
        try (0..<count).map { Frame(bitmap: try frame(text, look: look, shift: $0 % 3), time: .milliseconds(100 * $0)) }
    }
}
