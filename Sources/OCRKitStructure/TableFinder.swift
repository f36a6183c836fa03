import OCRKit

/// Something that finds where a page's tables are, for a ``TableReader`` to read them.
public protocol TableFinder: Sendable {
    /// The boxes of the tables on `page`, normalised like its boxes, in reading order.
    func tables(on page: Page, image: Bitmap) async throws -> [Rect]
}

/// Takes the whole page for one table: for images of a table alone, cut out of their page
/// (PubTabNet's, a screenshot of a spreadsheet).
public struct WholePageTable: TableFinder {
    public init() {}

    public func tables(on page: Page, image: Bitmap) async throws -> [Rect] {
        [Rect(x: 0, y: 0, width: 1, height: 1)]
    }
}
