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

    /// Figure `number` (from 1) of `page`, among ``Page/figures``.
    public init(number: Int, of page: Page) {
        self.init(image: page.image, pageNumber: page.pageNumber, number: number, box: page.figures[number - 1].box)
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
    /// ``Figure/number`` counts.
    public var figures: [Region] { regions.filter { $0.kind == .figure } }
}
