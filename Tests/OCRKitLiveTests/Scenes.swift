import OCRKit
import OCRKitImages
import OCRKitLive
import OCRKitONNX
import OCRKitTestSupport
import OCRKitTesseract

/// Frames of known text for the scanner's tests: plates in large bold letters, other text small,
/// black on white.
enum Scenes {
    static let width = 640, height = 360

    /// A frame with `plates` (text, left edge) on a line across the middle, and `sign` below.
    /// `shift` moves everything right, as a shaking camera would.
    static func frame(plates: [(text: String, x: Int)], sign: String? = nil, shift: Int = 0) throws -> Bitmap {
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = try plates.map {
            (try TextRenderer.render($0.text, font: "DejaVu Sans Bold 40", dpi: 72, margin: 8), $0.x + shift, 140)
        }
        if let sign {
            parts.append((try TextRenderer.render(sign, font: "DejaVu Sans 14", dpi: 72, margin: 4), 40 + shift, 230))
        }
        return Bitmap.page(width: width, height: height, placing: parts, resolution: nil)
    }

    /// `count` frames 0.1 s apart of one plate and a sign, shaking by a pixel or two.
    static func sequence(plate: String, sign: String? = "CITY MOTORS", count: Int) throws -> [Frame] {
        try (0..<count).map { index in
            Frame(bitmap: try frame(plates: [(plate, 180)], sign: sign, shift: index % 3), time: .milliseconds(100 * index))
        }
    }

    /// PP-OCR as live scanners read with it: frames' regions detected at 320 pixels.
    static func ppocr() throws -> PPOCREngine {
        var configuration = PPOCREngine.Configuration(models: InstalledDependencies.ppocrModels("v6"),
                                                      libraryPath: InstalledDependencies.onnxRuntimeLibrary, jobs: 1)
        configuration.minimumDetectionSide = 320
        return try PPOCREngine(configuration: configuration)
    }

    static func engine() throws -> TesseractEngine {
        try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: .sparseText, jobs: 1))
    }
}
