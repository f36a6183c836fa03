import Foundation
import OCRKit
import OCRKitImages

/// Text rendered as a scan would show it.
func rendered(_ text: String) throws -> Bitmap {
    try TextRenderer.render(text, font: "DejaVu Serif 12")
}

/// The examples read the bundled samples, as `Samples/...` from the package's folder, where
/// `swift test` runs.
let samplesAreHere = FileManager.default.fileExists(atPath: "Samples/receipt.jpg")
