import OCRKit

/// What reading a ``DocumentBatch`` gives, in the order of its files and pages: each page read
/// or not, and each file's end, after its last page.
public enum DocumentEvent: Sendable {
    /// A page read.
    case read(Page)
    /// A page kept as it is rather than read, for it holds text already
    /// (``OCRKit/DocumentPlan/skipped``), with that text (``OCRKit/Page/holdsEmbeddedText``).
    case kept(Page)
    /// A page that could not be read; the others are read all the same.
    case failed(PageFailure)
    /// Every page chosen of this file has come: its output can be finished.
    case ended(DocumentPlan)
}

/// A page that could not be read, and why.
public struct PageFailure: Error, Sendable {
    /// The file the page is of.
    public var path: String
    /// The page's number in its document; `nil` for an image file.
    public var pageNumber: Int?
    /// The cause, an ``OCRKit/OCRError`` naming the file, most often.
    public var error: any Error
    /// Whether reading ran past ``DocumentReader/pageTimeLimit``: the read goes on in its C
    /// library, holding a thread, after the batch has moved on.
    public var isGivenUp: Bool

    public init(path: String, pageNumber: Int?, error: any Error, isGivenUp: Bool = false) {
        self.path = path
        self.pageNumber = pageNumber
        self.error = error
        self.isGivenUp = isGivenUp
    }
}
