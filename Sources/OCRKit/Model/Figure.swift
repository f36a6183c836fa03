/// A figure of a document converted whole (``DocumentPart/figure``): which of its page's figures
/// (``Page/figures``) it is, so that its picture can be cut from the page's image and written
/// beside the document as a file of its own (``fileName``).
///
/// ```swift
/// for part in parts {
///     if let figure = part.figure { print(figure.fileName) }   // "report-p3-f1.png"
/// }
/// ```
public struct Figure: Hashable, Sendable {
    /// The image file or document its page is of, as ``Page/image`` says.
    public var image: String
    /// Its page's number in that document, as ``Page/pageNumber`` says (`nil` for an image file).
    public var pageNumber: Int?
    /// Which of its page's figures it is, from 1, in the order of ``Page/figures``.
    public var number: Int
    /// Where it is on its page, normalised like ``TextElement/box``.
    public var box: Rect

    public init(image: String, pageNumber: Int?, number: Int, box: Rect) {
        self.image = image
        self.pageNumber = pageNumber
        self.number = number
        self.box = box
    }

    /// Figure `number` (from 1) of `page`: `region`, the `number`th of ``Page/figures``.
    public init(_ region: Region, number: Int, of page: Page) {
        self.init(image: page.image, pageNumber: page.pageNumber, number: number, box: region.box)
    }

    /// Every figure of `page` (``Page/figures``), numbered in their order.
    public static func all(of page: Page) -> [Figure] {
        page.figures.enumerated().map { Figure($0.element, number: $0.offset + 1, of: page) }
    }

    /// The name of its picture's file, by document, page and figure: `report-p3-f1.png` for the
    /// first figure of page 3 of `report.pdf`; an image file's page is page 1.
    public var fileName: String {
        let name = image.split(separator: "/").last.map(String.init) ?? image
        let document = name.lastIndex(of: ".").map { String(name[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? name
        return "\(document)-p\(pageNumber ?? 1)-f\(number).png"
    }

    /// Where its picture's file is in `folder`: what documents link and where it is written.
    public func path(in folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + fileName
    }
}

extension Page {
    /// The page's figures (its regions of kind ``Region/Kind/figure``), in reading order: what
    /// ``Figure/number`` counts. A region that holds text (``Figure/textLines`` lines of
    /// ``Figure/lineWords`` words or more, or ``Figure/textWords`` words in all) is none: a
    /// layout model's look took a page of prose or code for a picture.
    public var figures: [Region] {
        regions.filter { region in
            guard region.kind == .figure else { return false }
            let words = lines.filter { region.box.contains(Point(x: $0.box.midX, y: $0.box.midY)) }
                .map { $0.text.split(separator: " ").count }
            return words.filter { $0 >= Figure.lineWords }.count < Figure.textLines && words.reduce(0, +) < Figure.textWords
        }
    }
}

extension Figure {
    /// How many words make a line of text rather than a chart's label or a diagram's box.
    public static let lineWords = 5
    /// How many such lines make a region text, whatever a layout model called it.
    public static let textLines = 3
    /// How many words in all make a region text (a page of code, whose lines are short).
    public static let textWords = 40
}
