import OCRKit

/// List bullets told by their shape on the page drawn. A browser prints a bulleted list's discs,
/// circles and squares as shapes, so a PDF's text layer holds the items' words and no marker,
/// and the items read as paragraphs; there a bullet is a small mark standing alone left of a
/// line's first word, at its small letters' middle, and the line is given a `•` word there, as
/// a viewer shows it. A recogniser reads a scan's bullets, at times as a letter or a sign (`e`,
/// `«`, `¢`); there a line's first word, one glyph, filled, round or square, a space after it, is
/// read as `•`. (A circle, hollow, is not told from an `o` or an `e`.)
///
/// ```swift
/// let page = DrawnBullets.marked(textLayerPage, image: pageImage)
/// print(page.lines.map(\.text))   // ["Fruits we sell:", "• Apples, picked in the autumn", ...]
/// ```
public enum DrawnBullets {
    /// The bullet written for a mark drawn.
    public static let bullet = "•"
    /// A bullet is sought this many line heights left of a line's first word, and no nearer
    /// than the second: browsers draw it about one line height before the item's text. On a
    /// scan, whose line holds its bullet, its first glyph is sought from the first before the
    /// line's box to the second after its start.
    static let reach = 0.15...2.0
    /// A bullet is this share of its line's height across, or between: a disc is about a
    /// third of a line's; a letter, a digit or a period is taller or smaller.
    static let size = 0.12...0.5
    /// A bullet's middle lies this share of its line's height below the line's top, or
    /// between: at its small letters' middle, above a period, below a quotation mark.
    static let middle = 0.3...0.8
    /// A pixel this much darker than the paper or more is ink: a page drawn from a PDF is
    /// sharp; a worn scan's text stands 100 or more below its paper, its grain under 20.
    static let inkBelowPaper = 80
    /// A scan's bullet fills this share of its box or more: a disc π/4 of it, blurred a little
    /// less, a square all; a letter as small (`a`, `e`, `c`), its counters open, 0.56 or less.
    static let filled = 0.6
    /// A scan's bullet is about as wide as it is high.
    static let aspect = 0.75...1.33

    /// `page` with its bullets told: on a PDF's own text, a `•` word opening each line that
    /// `image`, the page drawn, shows a bullet left of; on a scan, the first word of each line
    /// whose first glyph `image` shows a filled bullet read as `•`.
    public static func marked(_ page: Page, image: Bitmap) -> Page {
        guard image.width > 0, image.height > 0, !page.lines.isEmpty else { return page }
        let paper = image.paperShade
        let boxes = page.lines.map(\.box)
        let scale = (width: Double(page.width), height: Double(page.height))
        var marked = page
        // Each line replaced where it lies: the page's paragraphs, regions and tables stay.
        for (index, line) in page.lines.enumerated() where ListMarker.marker(of: line.text) == nil {
            guard page.holdsEmbeddedText else {
                if line.words.count >= 2, line.words[0].text.count == 1, opensWithBullet(line, in: image, paper: paper) {
                    marked.lines[index].words[0].text = bullet
                    marked.lines[index].text = bullet + line.text.dropFirst(line.words[0].text.count)
                }
                continue
            }
            guard let mark = bullet(before: line, among: boxes, in: image, paper: paper) else { continue }
            let box = line.box.union(mark)
            let word = Word(text: bullet, confidence: 1, box: mark, quad: mark.scaled(width: scale.width, height: scale.height).quad)
            marked.lines[index] = Line(text: bullet + " " + line.text, confidence: line.confidence, box: box,
                                       quad: box.scaled(width: scale.width, height: scale.height).quad, words: [word] + line.words,
                                       measuredType: line.measuredType)
        }
        return marked
    }

    /// Whether `line`, read from a scan, opens with a bullet on `image`: its first mark of ink
    /// from its left edge (the columns up to a gap of paper) small, filled, about as wide as
    /// high, at the small letters' middle, and paper half as wide as it after it (a space).
    private static func opensWithBullet(_ line: Line, in image: Bitmap, paper: Int) -> Bool {
        let box = line.box.scaled(width: Double(image.width), height: Double(image.height))
        let lineHeight = box.height
        let rows = max(0, Int(box.minY))..<min(image.height, Int(box.maxY.rounded(.up)))
        let start = max(0, Int(box.minX - reach.lowerBound * lineHeight)), end = min(image.width, Int(box.minX + reach.upperBound * lineHeight))
        guard lineHeight >= 4, !rows.isEmpty, start < end else { return false }
        let channels = image.layout.channels, threshold = paper - inkBelowPaper
        func ink(inColumn x: Int) -> [Int] {
            rows.filter { Int(image.pixels[($0 * image.width + x) * channels]) < threshold }
        }
        guard let first = (start..<end).first(where: { !ink(inColumn: $0).isEmpty }) else { return false }
        var columns: [[Int]] = []
        var x = first
        while x < end, case let column = ink(inColumn: x), !column.isEmpty {
            columns.append(column)
            x += 1
        }
        let markWidth = columns.count
        let gap = (x..<min(end, x + (markWidth + 1) / 2)).prefix { ink(inColumn: $0).isEmpty }.count
        let top = columns.compactMap(\.first).min()!, bottom = columns.compactMap(\.last).max()!
        let markHeight = bottom - top + 1
        let fill = Double(columns.map(\.count).reduce(0, +)) / Double(markWidth * markHeight)
        let center = (Double(top + bottom + 1) / 2 - box.minY) / lineHeight
        return 2 * gap >= markWidth && fill >= filled && aspect.contains(Double(markWidth) / Double(markHeight))
            && size.contains(Double(markWidth) / lineHeight) && size.contains(Double(markHeight) / lineHeight) && middle.contains(center)
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
