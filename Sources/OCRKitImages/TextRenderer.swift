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

    /// A page of `lines`, each in its own font, one under another at the left margin, with a
    /// line's height between them: a document of known text in as many scripts as the fonts have.
    ///
    /// ```swift
    /// let page = try TextRenderer.renderPage([("Москва", "Noto Sans 12"), ("東京", "Noto Sans CJK JP 12")])
    /// ```
    public static func renderPage(_ lines: [(text: String, font: String)], dpi: Int = 300, margin: Int = 80) throws -> Bitmap {
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = [], top = margin
        for line in lines {
            let rendered = try render(line.text, font: line.font, dpi: dpi, margin: 0)
            parts.append((rendered, margin, top))
            top += rendered.height * 2
        }
        return Bitmap.page(width: (parts.map(\.bitmap.width).max() ?? 0) + 2 * margin, height: top + margin, placing: parts,
                           resolution: Double(dpi))
    }

    /// Pango reads markup: `&`, `<` and `>` in plain text must be escaped.
    private static func escapeMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
