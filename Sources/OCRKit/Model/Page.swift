/// What an engine read from one image: its lines in reading order, grouped into paragraphs and
/// blocks.
///
/// Lines are stored once, flat and in reading order; paragraphs and blocks are runs of them. That
/// makes the common questions cheap (`page.text`, `page.lines`) and keeps one copy of each line
/// in the JSON, whose schema is documented in `docs/json-schema.md`.
///
/// ```swift
/// let page = try await reader.read("Samples/receipt.jpg")
/// print(page.text)                                  // paragraphs separated by a blank line
/// for line in page.lines where line.confidence < 0.5 {
///     print("check:", line.text, line.box)
/// }
/// let json = try page.jsonData()
/// ```
public struct Page: Hashable, Sendable {
    /// The version of the JSON schema this model writes. Readers accept this version and older.
    public static let schemaVersion = 1

    /// The image's path as it was given, or a caller's name for it; for a page of a document (a
    /// PDF, a multi-page TIFF), the document's. The name people see: what writers open is
    /// ``source``.
    public var image: String
    /// The page's number in its document, from 1 (`"page"` in the JSON); `nil` for an image file,
    /// which is a page of its own.
    public var pageNumber: Int?
    /// The width in pixels of the image the engine read (after orientation and any downscaling).
    public var width: Int
    /// The height in pixels of the image the engine read.
    public var height: Int
    public var engine: EngineInfo
    /// Every line of the page, in reading order.
    public var lines: [Line]
    /// Runs of ``lines`` that form paragraphs, in order; they cover every line.
    public var paragraphs: [Paragraph]
    /// Runs of ``paragraphs`` that form blocks, in order; they cover every paragraph.
    public var blocks: [Block]
    /// How the photo was straightened before it was read (``RecognitionOptions/straightensPage``);
    /// `nil` when it was read as it was. ``width``, ``height`` and every box refer to the
    /// straightened image.
    public var straightening: Straightening?
    /// The Tesseract languages the page was read in, given or chosen by its script (`["rus"]`);
    /// empty when the engine reads without languages (PP-OCR alone) or the page predates them.
    public var languages: [String] = []
    /// Scripts found on the page that no installed language reads: their text is what an engine
    /// of another script made of it, or missing.
    public var missingLanguages: [MissingLanguage] = []
    /// What whoever uses the page's text should know about how it was read: text on it that no
    /// reading kept (``PageWarning``).
    public var warnings: [PageWarning] = []
    /// The readings again that were kept over the first, in the order they were made; empty when
    /// the page's text is its engine's first reading.
    public var rereadings: [Rereading] = []
    /// The page's regions in reading order, what each is (title, text, table, header...), when
    /// its structure was read (``StructureReader``); empty otherwise. Each holds a run of
    /// ``blocks``.
    public var regions: [Region] = []
    /// The page's tables, when its structure was read (``StructureReader``); empty otherwise. Each
    /// table's text is also one of ``blocks``.
    public var tables: [Table] = []
    /// Where the page was read from, when a reader said (``source``).
    var recordedSource = Unequated<PageSource>()

    /// A page from its layout: blocks, each a list of paragraphs, each a list of lines.
    ///
    /// Paragraph and block boxes are the union of their lines' boxes; empty paragraphs and blocks
    /// are dropped.
    public init(
        image: String, width: Int, height: Int, engine: EngineInfo, layout: [[[Line]]],
        straightening: Straightening? = nil
    ) {
        self.image = image
        self.width = width
        self.height = height
        self.engine = engine
        self.straightening = straightening
        self.lines = []
        self.paragraphs = []
        self.blocks = []
        for block in layout {
            let firstParagraph = paragraphs.count
            for paragraph in block where !paragraph.isEmpty {
                let firstLine = lines.count
                lines.append(contentsOf: paragraph)
                let box = paragraph.dropFirst().reduce(paragraph[0].box) { $0.union($1.box) }
                paragraphs.append(Paragraph(lines: firstLine..<lines.count, box: box))
            }
            guard paragraphs.count > firstParagraph else { continue }
            let members = paragraphs[firstParagraph...]
            let box = members.dropFirst().reduce(members.first!.box) { $0.union($1.box) }
            blocks.append(Block(paragraphs: firstParagraph..<paragraphs.count, box: box))
        }
    }

    /// A page of lines in reading order, all in one paragraph.
    public init(image: String, width: Int, height: Int, engine: EngineInfo, lines: [Line]) {
        self.init(image: image, width: width, height: height, engine: engine, layout: [[lines]])
    }

    /// The page's layout as nested lists: blocks of paragraphs of lines.
    public var layout: [[[Line]]] {
        blocks.map { block in
            block.paragraphs.map { paragraphs[$0].lines.map { lines[$0] } }
        }
    }

    /// The text in reading order: lines separated by a line break, paragraphs by a blank line; a
    /// table a row a line, its cells separated by a tab (``Table/text``).
    public var text: String {
        blockTexts(table: \.text) { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// Every word of the page, in reading order.
    public var words: [Word] { lines.flatMap(\.words) }

    /// The engine name of a page of a PDF's own text, kept rather than read
    /// (``holdsEmbeddedText``).
    public static let embeddedTextEngine = "pdf-text"

    /// Whether the page is the text its PDF page already held, given as it was rather than read.
    public var holdsEmbeddedText: Bool { engine.name == Self.embeddedTextEngine }

    /// This page with its lines laid out anew (blocks of paragraphs of lines, as in
    /// ``init(image:width:height:engine:layout:straightening:)``), all else kept but its regions
    /// and tables, whose blocks and paragraphs are gone.
    public func replacingLayout(_ layout: [[[Line]]]) -> Page {
        let laidOut = Page(image: image, width: width, height: height, engine: engine, layout: layout)
        var page = self
        (page.lines, page.paragraphs, page.blocks) = (laidOut.lines, laidOut.paragraphs, laidOut.blocks)
        page.regions = []
        page.tables = []
        return page
    }

    /// This page with each line replaced by what `transform` returns, and dropped where it
    /// returns `nil`; paragraphs and blocks are kept around the lines that remain.
    public func compactMapLines(_ transform: (Line) throws -> Line?) rethrows -> Page {
        try replacingLayout(layout.map { block in
            try block.map { paragraph in try paragraph.compactMap(transform) }
        })
    }

    /// This page without the lines shorter than `minimumHeight`, a fraction of the image height.
    ///
    /// Whole lines are measured rather than words, since a word's box depends on its letters:
    /// "on" is shorter than "Hold" in the same line.
    public func removingLines(shorterThan minimumHeight: Double) -> Page {
        compactMapLines { $0.box.height >= minimumHeight ? $0 : nil }
    }
}
