import Foundation
import OCRKit

/// The invisible text of a page, as a PDF content stream in ``GlyphlessFont``: what a viewer
/// selects, searches and copies, over the words where the image shows them.
///
/// A line is written as one run of text on one baseline in one font size, its words in reading
/// order (visual order, for right-to-left scripts) with a space after each but the last; each word is stretched (`Tz`) over its box, and
/// its space to the next word's start, a wide gap mostly filled by the word (``widestSpace``).
/// Extraction (pdftotext, copy and paste) therefore gives each line whole, as it was read, where
/// words placed one by one with sizes of their own, or across wide spaces, come back in pieces.
///
/// ```swift
/// let stream = TextLayer(page: page, transform: transform, fontName: "OCRKitText").content()
/// ```
struct TextLayer {
    /// The first line of every layer's stream, which tells OCRKit's layer from other content
    /// when a page is read again (`--redo`).
    static let marker = "%OCRKit text layer"

    let page: Page
    let transform: PageTransform
    /// The font's name in the page's resources.
    let fontName: String

    /// The stream's bytes. `closing` comes first: the `Q` that ends the page's own content,
    /// wrapped in `q` so that whatever state it leaves does not move the layer.
    func content(closing: String = "") -> [UInt8] {
        var stream = closing + Self.marker + "\nBT\n3 Tr\n"
        for line in page.lines {
            stream += text(of: line)
        }
        stream += "ET\n"
        return Array(stream.utf8)
    }

    /// The words of a line and the corners of each, in pixels; a line an engine gave no words
    /// for is one word. A right-to-left line's words are drawn as a PDF of such text draws its
    /// glyphs, in visual order: from left to right, the letters of each right-to-left word
    /// reversed. A viewer, and pdftotext, then give them back in logical order.
    private func words(of line: Line) -> [(text: String, quad: Quad)] {
        let words = line.words.filter { !$0.text.isEmpty }.map { ($0.text, $0.quad) }
        guard Script(of: line.text)?.isRightToLeft == true else { return words.isEmpty ? [(line.text, line.quad)] : words }
        let visual = { (text: String) in Script(of: text)?.isRightToLeft == true ? String(text.reversed()) : text }
        guard !words.isEmpty else { return [(visual(line.text), line.quad)] }
        return words.sorted { $0.1.bottomLeft.x < $1.1.bottomLeft.x }.map { (visual($0.0), $0.1) }
    }

    private func text(of line: Line) -> String {
        let words = words(of: line).filter { !$0.text.isEmpty }
        guard !words.isEmpty else { return "" }
        // The line's bottom edge, its start and its direction in user space; the font is the
        // line's height, its baseline the font's descent above the bottom.
        let quad = Self.levelled(line.quad)
        let bottom = transform.apply(quad.bottomLeft), end = transform.apply(quad.bottomRight)
        let top = transform.apply(quad.topLeft)
        var direction = Point(x: end.x - bottom.x, y: end.y - bottom.y)
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        guard length > 0 else { return "" }
        direction = Point(x: direction.x / length, y: direction.y / length)
        let normal = Point(x: -direction.y, y: direction.x)
        let fontSize = abs((top.x - bottom.x) * normal.x + (top.y - bottom.y) * normal.y)
        guard fontSize > 0.1 else { return "" }
        let rise = -Double(GlyphlessFont.descent) / Double(GlyphlessFont.unitsPerEm) * fontSize
        let start = Point(x: bottom.x + normal.x * rise, y: bottom.y + normal.y * rise)

        func along(_ point: Point) -> Double {
            let user = transform.apply(point)
            return (user.x - start.x) * direction.x + (user.y - start.y) * direction.y
        }
        let em = Double(GlyphlessFont.advance) / Double(GlyphlessFont.unitsPerEm) * fontSize
        var stream = "/\(fontName) \(Self.number(fontSize)) Tf\n"
        for (index, word) in words.enumerated() {
            let from = along(word.quad.bottomLeft), end = along(word.quad.bottomRight)
            let origin = Point(x: start.x + direction.x * from, y: start.y + direction.y * from)
            stream += [direction.x, direction.y, normal.x, normal.y, origin.x, origin.y].map(Self.number).joined(separator: " ") + " Tm "
            guard index < words.count - 1 else {
                stream += show(word.text, across: end - from, em: em) + "\n"
                break
            }
            // The space reaches the next word. Extraction takes a space wider than a few tenths of
            // the font's size for a gap between columns and breaks the line there, so a wide gap
            // (a table's, a receipt's) is mostly filled by the word, its space kept narrow.
            let next = along(words[index + 1].quad.bottomLeft)
            let space = min(max(next - end, Self.narrowestSpace * fontSize), Self.widestSpace * fontSize)
            stream += show(word.text, across: max(next - from - space, 0.01 * fontSize), em: em) + " " + show(" ", across: space, em: em) + "\n"
        }
        return stream
    }

    /// Lines slanted less than this, in degrees, are written level, over the band their quad
    /// spans: extraction takes a slanted baseline's far end for the next line's and interleaves
    /// the two ("Tel : 03-51217970,Fax : 03-5Sela" on a receipt photographed 2.3° askew).
    /// A selection's ends then stray from the line by up to a twentieth of its length;
    /// a page more askew than this is one to straighten.
    static let levelledSlant = 5.0

    /// `quad` made level when it slants less than ``levelledSlant``: the band between the means of
    /// its top and bottom corners, from the middle of its left edge to the middle of its right.
    static func levelled(_ quad: Quad) -> Quad {
        let run = quad.bottomRight.x - quad.bottomLeft.x, rise = quad.bottomRight.y - quad.bottomLeft.y
        guard run > 0, abs(atan2(rise, run)) * 180 / .pi < levelledSlant else { return quad }
        let top = (quad.topLeft.y + quad.topRight.y) / 2, bottom = (quad.bottomLeft.y + quad.bottomRight.y) / 2
        let left = (quad.topLeft.x + quad.bottomLeft.x) / 2, right = (quad.topRight.x + quad.bottomRight.x) / 2
        return Rect(x: left, y: top, width: right - left, height: bottom - top).quad
    }

    /// The widest space between two words of a line, as a share of the font's size, that
    /// pdftotext still reads as a space within the line rather than a gap between columns.
    static let widestSpace = 0.3
    /// The narrowest, below which it reads two words as one: words whose boxes touch or overlap
    /// are narrowed to keep it.
    static let narrowestSpace = 0.15

    /// `Tz` and `Tj` showing `text` stretched to `width`, each character `em` wide unstretched.
    private func show(_ text: String, across width: Double, em: Double) -> String {
        let stretch = min(100_000, max(1, width / (Double(text.utf16.count) * em) * 100))
        return "\(Self.number(stretch)) Tz <\(Self.hex(text))> Tj"
    }

    /// A number as PDF writes it: at most four decimals, no exponent.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.4f", rounded).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    /// The text's UTF-16 code units, the font's character codes (`Identity-H`), in hexadecimal.
    static func hex(_ text: String) -> String {
        text.utf16.map { String(format: "%04X", $0) }.joined()
    }
}
