import OCRKit
import OCRKitLive
import OCRKitTestSupport

extension PaintedPlates {
    /// `count` frames 0.1 s apart of one plate, its letters `letterHeight` points high, shaking by
    /// a pixel or two and smeared `blur` times (small and soft, as a far camera shows it).
    static func sequence(_ text: String, look: Look, count: Int, letterHeight: Int = 40, blur: Int = 0) throws -> [Frame] {
        try (0..<count).map { index in
            var canvas = Canvas(try frame(text, look: look, letterHeight: letterHeight, shift: index % 3))
            for _ in 0..<blur { canvas = canvas.blurred() }
            return Frame(bitmap: canvas.bitmap, time: .milliseconds(100 * index))
        }
    }
}
