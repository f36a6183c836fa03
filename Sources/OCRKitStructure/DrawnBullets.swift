import OCRKit

/// List bullets a PDF draws rather than writes. A browser prints a bulleted list's discs,
/// circles and squares as shapes, so its text layer holds the items' words and no marker, and
/// the items read as paragraphs. On the page drawn, such a bullet is a small round or square
/// mark standing alone left of a line's first word, at its small letters' middle; the line then
/// opens a list item, and is given a `•` word there, as a viewer shows it.
///
/// ```swift
/// let page = DrawnBullets.marked(textLayerPage, image: pageImage)
/// print(page.lines.map(\.text))   // ["Fruits we sell:", "• Apples, picked in the autumn", ...]
/// ```
public enum DrawnBullets {
    /// The bullet written for a mark drawn.
    public static let bullet = "•"
    /// A bullet is sought this many line heights left of a line's first word, and no nearer
    /// than the second: browsers draw it about one line height before the item's text.
    static let reach = 0.15...2.0
    /// A bullet is this share of its line's height across, or between: a disc is about a
    /// third of a line's; a letter, a digit or a period is taller or smaller.
    static let size = 0.12...0.5
    /// A bullet's middle lies this share of its line's height below the line's top, or
    /// between: at its small letters' middle, above a period, below a quotation mark.
    static let middle = 0.3...0.8
    /// A pixel this much darker than the paper or more is ink: a page drawn from a PDF is sharp.
    static let inkBelowPaper = 80

    /// `page`, a PDF's own text, with a `•` word opening each of its lines that `image`, the
    /// page drawn, shows a bullet left of.
    public static func marked(_ page: Page, image: Bitmap) -> Page {
        guard image.width > 0, image.height > 0, !page.lines.isEmpty else { return page }
        let paper = image.paperShade
        let boxes = page.lines.map(\.box)
        let scale = (width: Double(page.width), height: Double(page.height))
        var marked = page
        // Each line replaced where it lies: the page's paragraphs, regions and tables stay.
        for (index, line) in page.lines.enumerated() where ListMarker.marker(of: line.text) == nil {
            guard let mark = bullet(before: line, among: boxes, in: image, paper: paper) else { continue }
            let box = line.box.union(mark)
            let word = Word(text: bullet, confidence: 1, box: mark, quad: mark.scaled(width: scale.width, height: scale.height).quad)
            marked.lines[index] = Line(text: bullet + " " + line.text, confidence: line.confidence, box: box,
                                       quad: box.scaled(width: scale.width, height: scale.height).quad, words: [word] + line.words,
                                       measuredType: line.measuredType)
        }
        return marked
    }

    /// The box, normalised, of the bullet `image` shows left of `line`, if any: the ink there,
    /// in no other line's box, one small mark.
    private static func bullet(before line: Line, among boxes: [Rect], in image: Bitmap, paper: Int) -> Rect? {
        let (width, height) = (Double(image.width), Double(image.height))
        let lineHeight = line.box.height * height
        guard lineHeight >= 4 else { return nil }
        let strip = Rect(x: line.box.minX - reach.upperBound * lineHeight / width, y: line.box.minY,
                         width: (reach.upperBound - reach.lowerBound) * lineHeight / width, height: line.box.height)
        guard strip.minX >= 0, !boxes.contains(where: { $0 != line.box && $0.intersection(strip) != nil }) else { return nil }
        let x0 = Int(strip.minX * width), x1 = min(image.width, Int((strip.maxX * width).rounded(.up)))
        let y0 = max(0, Int(strip.minY * height)), y1 = min(image.height, Int((strip.maxY * height).rounded(.up)))
        var ink: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        let channels = image.layout.channels, threshold = paper - inkBelowPaper
        for y in y0..<y1 {
            for x in x0..<x1 where Int(image.pixels[(y * image.width + x) * channels]) < threshold {
                ink = ink.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        guard let ink else { return nil }
        let markWidth = Double(ink.maxX - ink.minX + 1), markHeight = Double(ink.maxY - ink.minY + 1)
        let center = (Double(ink.minY + ink.maxY + 1) / 2 - line.box.minY * height) / lineHeight
        guard size.contains(markWidth / lineHeight), size.contains(markHeight / lineHeight), middle.contains(center) else { return nil }
        return Rect(x: Double(ink.minX) / width, y: Double(ink.minY) / height, width: markWidth / width, height: markHeight / height)
    }
}
