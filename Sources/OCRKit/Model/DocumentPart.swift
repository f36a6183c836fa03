/// A part of a document converted whole, in reading order across its pages: a heading, a
/// paragraph joined across lines, columns and pages, a list item, a block of code, a table, a
/// figure (its caption its text), a caption, a footnote, or the running headers, footers and
/// page numbers that writers of text leave out (``isFurniture``). What `ocr read --format
/// markdown` writes from.
///
/// ```swift
/// for part in parts where part.kind == .title {
///     print(String(repeating: "#", count: part.level), part.text)
/// }
/// ```
public struct DocumentPart: Hashable, Sendable {
    /// What the part is: a title is a heading, text a paragraph, a list one item of a list.
    public var kind: Region.Kind
    /// Its text: a paragraph's lines joined by spaces, words broken at a line's end made whole;
    /// code's lines as printed, a line break between them; a list item's without its marker.
    public var text: String
    /// A heading's level, from 1 (the document's title or a chapter); a list item's depth, from
    /// 1; 0 for other parts.
    public var level: Int
    /// A list item's marker as printed (`1.`, `a)`, `•`), a footnote's mark (`1`, `*`); `nil`
    /// for other parts.
    public var marker: String?
    /// The pages it is printed on, numbered from 1 in the document read: more than one for a
    /// paragraph or table continued on the next page.
    public var pages: ClosedRange<Int>
    /// A table's cells, for a part of kind ``Region/Kind/table``.
    public var table: Table?
    /// Which figure of which page it is, for a part of kind ``Region/Kind/figure``, whose text
    /// is its caption.
    public var figure: Figure?
    /// The marks of the footnotes its text refers to (``FootnoteMark/reference(to:in:)``), each
    /// a footnote of a page it is printed on: where writers link the text to the footnote.
    public var footnoteMarks: [String]

    public init(kind: Region.Kind, text: String, level: Int = 0, marker: String? = nil, pages: ClosedRange<Int>,
                table: Table? = nil, figure: Figure? = nil, footnoteMarks: [String] = []) {
        self.kind = kind
        self.text = text
        self.level = level
        self.marker = marker
        self.pages = pages
        self.table = table
        self.figure = figure
        self.footnoteMarks = footnoteMarks
    }

    /// Whether the part is a page's furniture rather than the document's text: a running
    /// header, a footer, a page number.
    public var isFurniture: Bool { kind.isMargin }
}
