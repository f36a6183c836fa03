import Foundation
import OCRKit
import OCRKitStraighten
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract

/// Pages of known text for the straightening tests, and ways to judge what came of them.
enum Pages {
    static let text = """
        INVOICE 2024-117
        The quick brown fox jumps over the lazy dog.
        Total due: 1,234.56 EUR
        Paid by card ending 4242
        Thank you for your custom.
        """

    /// `text` black on white, with a margin of paper around it, as a scanner would give it.
    static func page(_ text: String = text) throws -> Bitmap {
        try TextRenderer.render(text, font: "DejaVu Sans 11", dpi: 200, margin: 50)
    }

    static func tesseract() throws -> TesseractEngine {
        try TesseractEngine(configuration: TesseractConfiguration(jobs: 1))
    }

    static func orientationDetector() throws -> TesseractOrientationDetector {
        try TesseractOrientationDetector(configuration: TesseractConfiguration(jobs: 1))
    }

    /// Tesseract's character error rate on `bitmap` against `truth`, ignoring line breaks.
    static func errorRate(of bitmap: Bitmap, truth: String = text) async throws -> Double {
        let page = try await tesseract().read(bitmap, options: RecognitionOptions(alternativeCount: 0))
        var rate = CharacterErrorRate()
        rate.add(reading: page.lines.map(\.text).joined(separator: " "), truth: truth.split(separator: "\n").joined(separator: " "))
        return rate.rate
    }

    static func diagonal(of bitmap: Bitmap) -> Double {
        hypot(Double(bitmap.width), Double(bitmap.height))
    }
}
