internal import CVips
import OCRKit

/// Renders text into a bitmap, black on white, through libvips and Pango: images whose text is
/// known exactly, for tests, samples and benchmarks.
///
/// ```swift
/// let bitmap = try TextRenderer.render("Invoice 2024-117\nTotal: 42.00", font: "DejaVu Serif 11")
/// let page = try await engine.read(bitmap, options: RecognitionOptions())
/// ```
public enum TextRenderer {
    /// - Parameters:
    ///   - text: plain text; line breaks start new lines.
    ///   - font: a Pango font description: family, style and size in points.
    ///   - dpi: the resolution to render at; 300 is a typical scan.
    ///   - margin: white space around the text, in pixels.
    ///   - wrapWidth: wrap lines longer than this many pixels; `nil` never wraps.
    public static func render(
        _ text: String, font: String = "DejaVu Sans 12", dpi: Int = 300, margin: Int = 40, wrapWidth: Int? = nil
    ) throws -> Bitmap {
        try Vips.ensureInitialized(path: nil)
        let mask = try Vips.apply(path: nil, code: .invalidOption) {
            ocrkit_vips_text($0, escapeMarkup(text), font, Int32(dpi), Int32(wrapWidth ?? 0))
        }
        let inverted = try Vips.apply(path: nil, code: .invalidOption) { ocrkit_vips_invert(mask.pointer, $0) }
        let page = try Vips.apply(path: nil, code: .invalidOption) {
            ocrkit_vips_embed_white(inverted.pointer, $0, Int32(margin), Int32(margin),
                                    Int32(inverted.width + 2 * margin), Int32(inverted.height + 2 * margin))
        }
        var bitmap = try page.bitmap(layout: .gray, image: "rendered text")
        bitmap.resolution = Double(dpi)
        return bitmap
    }

    /// Pango reads markup: `&`, `<` and `>` in plain text must be escaped.
    private static func escapeMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
