import OCRKit
import OCRKitLayout

/// Turns a document's pages, in order, into its parts (``OCRKit/DocumentPart``): headings at
/// the document's own scale, paragraphs joined across lines, columns and pages with broken words
/// made whole, list items, code, tables (one printed across a page break joined, its header
/// once), figures with their captions, captions, footnotes gathered after the text they belong
/// to, and running headers,
/// footers and page numbers marked as furniture. Pages of a PDF's own text are laid out from
/// their words' boxes first (columns, reading order); their fonts tell headings, code and
/// footnotes; a scan's regions and line heights stand for them.
///
/// Pages go in as they are read and parts come out as soon as they are sure, a few pages
/// behind (``Rules/lookahead``): a long document is converted in a window of pages, its memory
/// flat.
///
/// ```swift
/// var converter = DocumentConverter()
/// var parts: [DocumentPart] = []
/// for page in pages { parts += converter.add(page) }
/// parts += converter.finish()
/// print(MarkdownWriter().document(of: parts))
/// ```
public struct DocumentConverter: Sendable {
    /// The pages added and not yet written, with the last ones written that running headers are
    /// compared with.
    private var window: [WindowPage] = []
    /// How many pages were added.
    private var added = 0
    /// How many letters of each size the pages hold, apart for each kind of size (fonts', a
    /// scan's measured or its lines' heights): the most common is the body text's.
    private var letters: [PrintedParagraph.Look.Sizing: [Double: Int]] = [:]
    private var headings = HeadingScale()
    /// The lists open at the last list item: how deep the next one is.
    private var lists = ListNesting()
    /// The paragraph, list item or code last made, held until the next paragraph tells whether
    /// it goes on.
    private var open: (part: DocumentPart, look: PrintedParagraph.Look)?
    /// Where the open paragraph lies, when it ends full (``PrintedParagraph/endsFull``): cut by
    /// its column's end, it goes on at the next column's head.
    private var openEndingFull: Rect?
    /// The table last made, held until the next page's first paragraph tells whether it goes on.
    private var openTable: DocumentPart?
    /// Footnotes and figures met while a paragraph or table is open, written after it: a
    /// paragraph a figure interrupts (floated into its column, or at the next page's top) goes on.
    private var held: [DocumentPart] = []
    /// The languages' word lists, loaded once each (`nil` where the system has none).
    private var wordLists: [String: LineJoining] = [:]
    private let wordList: @Sendable (Language) -> WordList?

    /// A converter that makes broken words whole with the word lists `wordList` gives for a
    /// page's language (English where a page names none): by default the system's
    /// (``WordList/installed(for:)``).
    public init(wordList: @escaping @Sendable (Language) -> WordList? = WordList.installed(for:)) {
        self.wordList = wordList
    }

    private struct WindowPage {
        var number: Int
        var language: Language
        var paragraphs: [PrintedParagraph]
        var isWritten = false
    }

    /// Adds the document's next page; returns the parts now sure, of it or of pages before.
    public mutating func add(_ page: Page) -> [DocumentPart] {
        added += 1
        let paragraphs = page.holdsEmbeddedText ? TextLayerLayout.paragraphs(of: page) : PrintedParagraph.paragraphs(of: page)
        // The body text is prose: a page of code in smaller type does not make its prose headings.
        for paragraph in paragraphs where !paragraph.lines.isEmpty && !paragraph.look.isMonospace {
            letters[paragraph.look.sizing, default: [:]][paragraph.look.size, default: 0] += paragraph.letters
        }
        window.append(WindowPage(number: added, language: Language(page.languages.first ?? "eng"), paragraphs: paragraphs))
        var parts: [DocumentPart] = []
        while let next = window.firstIndex(where: { !$0.isWritten }), window.count - next > Rules.lookahead {
            parts += write(next)
        }
        return parts
    }

    /// Ends the document: returns the parts of the pages not yet written.
    public mutating func finish() -> [DocumentPart] {
        var parts: [DocumentPart] = []
        while let next = window.firstIndex(where: { !$0.isWritten }) { parts += write(next) }
        parts += closeParagraph()
        return parts
    }

    /// The parts of the window's page `index`, which is then kept only for comparing.
    private mutating func write(_ index: Int) -> [DocumentPart] {
        let page = window[index]
        window[index].isWritten = true
        defer { window.removeAll { $0.isWritten && $0.number < page.number - Rules.furnitureReach } }
        let neighbours = window.map { (number: $0.number, paragraphs: $0.paragraphs) }
        let joining = lineJoining(for: page.language)
        var parts: [DocumentPart] = []
        // Whether no paragraph of the page's own (its furniture aside) came before: a table that
        // opens a page may go on the one that ended the page before.
        var isFirst = true
        // The marks of the page's footnotes not yet found in its text.
        var notes = page.paragraphs.filter { Footnote.isFootnote($0, bodySize: bodySize($0.look.sizing)) && kind(of: $0) == .footnote }
            .compactMap { Footnote.marker(of: joining.joined($0.texts)).map(String.init) }
        for paragraph in page.paragraphs {
            let pages = page.number...page.number
            if let table = paragraph.table {
                // A table goes on the one before it that opens the page, or on the same page
                // (at the next column's top) that repeats its header or the rest of its cut row.
                if let held = openTable, let heldTable = held.table, heldTable.columnCount == table.columnCount,
                   (isFirst && held.pages.upperBound == page.number - 1)
                    || (held.pages.upperBound == page.number && (heldTable.runsOn || heldTable.repeatsHeader(in: table))) {
                    let joined = joining.mended(heldTable.appending(table))
                    openTable = DocumentPart(kind: .table, text: joined.text, pages: held.pages.lowerBound...page.number, table: joined)
                } else {
                    parts += closeParagraph()
                    lists.end()
                    let table = joining.mended(table)
                    openTable = DocumentPart(kind: .table, text: table.text, pages: pages, table: table)
                }
                isFirst = false
                continue
            }
            if let figure = paragraph.figure {
                var part = DocumentPart(kind: .figure, text: "", pages: pages, figure: figure)
                // A caption printed just above it is its own.
                if open == nil, openTable == nil, let caption = parts.last, caption.kind == .caption, caption.pages == pages,
                   Self.takesCaption(part, caption.text, pages) {
                    part.text = caption.text
                    parts.removeLast()
                }
                if open == nil && openTable == nil { parts.append(part) } else { held.append(part) }
                isFirst = false
                continue
            }
            if let furniture = Furniture.kind(of: paragraph, onPage: page.number, among: neighbours) {
                parts.append(DocumentPart(kind: furniture, text: paragraph.texts.joined(separator: " "), pages: pages))
                continue
            }
            let opensPage = isFirst
            isFirst = false
            switch kind(of: paragraph) {
            case .title:
                parts += closeParagraph()
                lists.end()
                let text = paragraph.texts.joined(separator: " ")
                parts.append(DocumentPart(kind: .title, text: text, level: headings.level(of: paragraph.look, text: text), pages: pages))
            case .footnote:
                let text = joining.joined(paragraph.texts)
                let marker = Footnote.marker(of: text)
                let part = DocumentPart(kind: .footnote, text: marker.map { String(text.dropFirst($0.count)).trimmingLeadingSpaces } ?? text,
                                        marker: marker.map(String.init), pages: pages)
                if open == nil && openTable == nil { parts.append(part) } else { held.append(part) }
            case .code:
                // Code printed on after code is one block: a blank line of it parts its paragraphs.
                let code = Code.text(of: paragraph.lines)
                if let (held, look) = open, held.kind == .code {
                    var part = held
                    part.text += "\n\n" + code
                    part.pages = held.pages.lowerBound...pages.upperBound
                    open = (part, look)
                } else {
                    parts += closeParagraph()
                    lists.end()
                    open = (DocumentPart(kind: .code, text: code, pages: pages), paragraph.look)
                }
            case .list:
                let text = joining.joined(paragraph.texts)
                let marker = ListMarker.marker(of: text) ?? ""
                let first = paragraph.lines[0].quad.boundingRect
                let item = DocumentPart(kind: .list, text: String(text.dropFirst(marker.count)).trimmingLeadingSpaces,
                                        level: lists.level(ofItemAt: first.minX, lineHeight: first.height),
                                        marker: String(marker), pages: pages)
                parts += closeParagraph()
                open = (item, paragraph.look)
            case .caption:
                let text = joining.joined(paragraph.texts)
                // A caption printed just below a figure is the figure's, held with it or not.
                if held.last.map({ Self.takesCaption($0, text, pages) }) == true {
                    held[held.count - 1].text = text
                    continue
                }
                parts += closeParagraph()
                if parts.last.map({ Self.takesCaption($0, text, pages) }) == true {
                    parts[parts.count - 1].text = text
                } else {
                    parts.append(DocumentPart(kind: .caption, text: text, pages: pages))
                }
            default:
                parts += continueParagraph(with: paragraph, pages: pages, opensPage: opensPage, joining: joining)
            }
            if !notes.isEmpty {
                // The paragraph's text is the open part's, or the last written's.
                if open != nil { Self.link(&open!.part, to: &notes) }
                if !parts.isEmpty { Self.link(&parts[parts.count - 1], to: &notes) }
            }
        }
        return parts
    }

    /// Links `part` to those of its page's footnotes, marked `notes`, its text refers to
    /// (``OCRKit/FootnoteMark``), and takes them from `notes`: a footnote is referred to once.
    private static func link(_ part: inout DocumentPart, to notes: inout [String]) {
        guard part.kind != .footnote, part.kind != .code else { return }
        notes.removeAll { mark in
            guard !part.footnoteMarks.contains(mark), FootnoteMark.reference(to: mark, in: part.text) != nil else { return false }
            part.footnoteMarks.append(mark)
            return true
        }
    }

    /// Whether `caption`, printed on `pages` just after `part`, is the caption of that part: a
    /// figure on the same page that has none.
    private static func takesCaption(_ part: DocumentPart, _ caption: String, _ pages: ClosedRange<Int>) -> Bool {
        part.kind == .figure && part.text.isEmpty && part.pages == pages && Caption.canBeFigures(caption)
    }

    /// What a paragraph that is neither furniture nor a table is.
    private func kind(of paragraph: PrintedParagraph) -> Region.Kind {
        // An item opening with a bullet (drawn, typeset or read) is no heading, and no code
        // (`if (...):`): neither prints one; `-` and `*` open code's lines (YAML's lists, comments).
        if let marker = ListMarker.marker(of: paragraph.texts.first ?? ""), marker.count == 1, !"-*".contains(marker) { return .list }
        if paragraph.region == .title || headings.isHeading(paragraph, bodySize: bodySize(paragraph.look.sizing)) { return .title }
        if paragraph.region == .caption || Caption.isCaption(paragraph.texts.first ?? "") { return .caption }
        // Code printed small at a page's foot, a line opening with `*`, is no footnote.
        if paragraph.look.isMonospace { return .code }
        if Footnote.isFootnote(paragraph, bodySize: bodySize(paragraph.look.sizing)) { return .footnote }
        if ListMarker.marker(of: paragraph.texts.first ?? "") != nil { return .list }
        return .text
    }

    /// The body text's size, of one kind (in pages with fonts, scans measured or not).
    private func bodySize(_ sizing: PrintedParagraph.Look.Sizing) -> Double {
        letters[sizing]?.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
    }

    /// Adds a text paragraph: to the open paragraph or list item, where that one goes on in it
    /// (a sentence broken by a column's or a page's end, or a justified paragraph cut by one
    /// with its last line full), or as the new open one. `opensPage`: whether it is the first of
    /// its page, its furniture aside.
    private mutating func continueParagraph(with paragraph: PrintedParagraph, pages: ClosedRange<Int>, opensPage: Bool,
                                            joining: LineJoining) -> [DocumentPart] {
        let text = joining.joined(paragraph.texts)
        let acrossPages = opensPage && open?.part.pages.upperBound == pages.lowerBound - 1
        // The next column's head: the next page's, or above where the open paragraph ends on its page.
        let opensColumn = openEndingFull.map { acrossPages || (open?.part.pages.upperBound == pages.lowerBound && paragraph.box.minY < $0.maxY) } ?? false
        if let (held, look) = open, look.isLike(paragraph.look),
           Continuation.goesOn(held.text, in: text, acrossPages: acrossPages) || (opensColumn && held.kind == .text) {
            var part = held
            part.text = joining.join(held.text, text)
            part.pages = held.pages.lowerBound...pages.upperBound
            open = (part, look)
            openEndingFull = paragraph.endsFull ? paragraph.box : nil
            return []
        }
        let closed = closeParagraph()
        lists.end()
        open = (DocumentPart(kind: .text, text: text, pages: pages), paragraph.look)
        openEndingFull = paragraph.endsFull ? paragraph.box : nil
        return closed
    }

    /// The open paragraph or table and the footnotes and figures met while it was open, written.
    private mutating func closeParagraph() -> [DocumentPart] {
        defer { (open, openEndingFull, openTable, held) = (nil, nil, nil, []) }
        return (open.map { [$0.part] } ?? []) + (openTable.map { [$0] } ?? []) + held
    }

    private mutating func lineJoining(for language: Language) -> LineJoining {
        if let known = wordLists[language.code] { return known }
        let joining = LineJoining(words: wordList(language))
        wordLists[language.code] = joining
        return joining
    }
}

extension StringProtocol {
    /// The text without the spaces it starts with.
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
