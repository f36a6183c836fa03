import OCRKit

/// What a ``PartWriter`` writes the next part after: the last part written (one left out, a
/// running header, is not), and the list items still open, whose lists the next item may go
/// on or be nested in.
///
/// ```swift
/// var written = PartsWritten()
/// written.append(DocumentPart(kind: .list, text: "Fruit", level: 1, marker: "1.", pages: 1...1))
/// written.append(DocumentPart(kind: .list, text: "Apples", level: 2, marker: "•", pages: 1...1))
/// print(written.openItems.map(\.text))   // ["Fruit", "Apples"]
/// ```
public struct PartsWritten: Sendable {
    /// The last part written; `nil` before the first.
    public private(set) var last: DocumentPart?
    /// The last item of each list open, outermost first: as many as the last item's level, none
    /// after a part that is no list item.
    public private(set) var openItems: [DocumentPart] = []

    public init() {}

    /// Ends the lists open: the next item opens a list of its own (another document's), once
    /// the writer's ``PartWriter/closingLists(after:)`` has closed them.
    public mutating func endLists() {
        openItems = []
    }

    /// Records `part` as written after the others.
    public mutating func append(_ part: DocumentPart) {
        last = part
        openItems = part.kind == .list ? openItems.prefix(max(0, part.level - 1)) + [part] : []
    }
}
