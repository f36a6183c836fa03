import Foundation

/// How well a document converted to Markdown matches the Markdown it was printed from, summed
/// over documents: text edit distance, headings F1, tables' TEDS, paragraphs whole and in order,
/// hyphenated words rejoined. `ocr bench convert` scores every converter with it.
///
/// ```swift
/// var score = ConversionScore()
/// score.add(read: convertedMarkdown, truth: MarkdownBlock.blocks(ofMarkdown: source), brokenWords: ["incorporating"])
/// print(score.textEditDistance, score.headingsF1, score.paragraphsWhole)
/// ```
public struct ConversionScore: Sendable {
    /// Paragraphs and list items shorter than this are left out of "whole" and "order": a line of
    /// three words is whole wherever it goes.
    public static let paragraphWords = 8
    /// The words matched at a paragraph's start and end to find it in a converter's output.
    static let anchorWords = 4

    private var edits = 0, editLength = 0
    private var headingsRead = 0, headingsTrue = 0, headingsMatched = 0
    private var tableSimilarity = 0.0
    public private(set) var tables = 0
    public private(set) var paragraphs = 0
    private var whole = 0
    private var concordant = 0, discordant = 0
    public private(set) var brokenWords = 0
    private var rejoined = 0
    public private(set) var documents = 0

    public init() {}

    /// Text edit distance after removing Markdown's syntax: edits over the longer text's
    /// characters, 0 the same text. Headers and page numbers a converter leaves in count as edits.
    public var textEditDistance: Double { editLength == 0 ? 0 : Double(edits) / Double(editLength) }
    /// F1 of the headings' texts, whatever their levels.
    public var headingsF1: Double {
        guard headingsRead + headingsTrue > 0 else { return 1 }
        return 2 * Double(headingsMatched) / Double(headingsRead + headingsTrue)
    }
    /// Each table's TEDS against the read table most like it (0 when none was read), averaged.
    public var tablesTEDS: Double { tables == 0 ? 1 : tableSimilarity / Double(tables) }
    /// The share of paragraphs and list items found whole in one block of the output.
    public var paragraphsWhole: Double { paragraphs == 0 ? 1 : Double(whole) / Double(paragraphs) }
    /// Kendall's tau between the paragraphs' order in the truth and in the output, over pairs of
    /// paragraphs found in both.
    public var paragraphOrder: Double {
        concordant + discordant == 0 ? 1 : Double(concordant - discordant) / Double(concordant + discordant)
    }
    /// The share of words broken across lines by a hyphen in print found whole in the output.
    public var hyphensRejoined: Double { brokenWords == 0 ? 1 : Double(rejoined) / Double(brokenWords) }

    /// Adds one document: `read` the Markdown a converter wrote, `truth` the blocks it was
    /// printed from, `brokenWords` each word printed broken by a hyphen at a line's end, once
    /// for each time it was.
    public mutating func add(read: String, truth: [MarkdownBlock], brokenWords: [String]) {
        let output = MarkdownBlock.blocks(ofMarkdown: read)
        documents += 1
        addText(output, truth)
        addHeadings(output, truth)
        addTables(output, truth)
        addParagraphs(output, truth)
        addHyphens(output, truth, brokenWords)
    }

    /// Adds another score's documents: a set's score from its documents' own.
    public mutating func add(_ other: ConversionScore) {
        edits += other.edits
        editLength += other.editLength
        headingsRead += other.headingsRead
        headingsTrue += other.headingsTrue
        headingsMatched += other.headingsMatched
        tableSimilarity += other.tableSimilarity
        tables += other.tables
        paragraphs += other.paragraphs
        whole += other.whole
        concordant += other.concordant
        discordant += other.discordant
        brokenWords += other.brokenWords
        rejoined += other.rejoined
        documents += other.documents
    }

    private mutating func addText(_ output: [MarkdownBlock], _ truth: [MarkdownBlock]) {
        func scalars(_ blocks: [MarkdownBlock]) -> [UInt32] {
            blocks.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ").unicodeScalars.map(\.value)
        }
        let read = scalars(output), printed = scalars(truth)
        edits += read.editDistance(to: printed)
        editLength += max(read.count, printed.count)
    }

    private mutating func addHeadings(_ output: [MarkdownBlock], _ truth: [MarkdownBlock]) {
        func headings(_ blocks: [MarkdownBlock]) -> [String] {
            blocks.compactMap { if case .heading = $0.kind { Self.words($0.text).joined(separator: " ") } else { nil } }
        }
        let read = headings(output), printed = headings(truth)
        var unmatched = Dictionary(printed.map { ($0, 1) }, uniquingKeysWith: +)
        for heading in read where (unmatched[heading] ?? 0) > 0 {
            unmatched[heading]! -= 1
            headingsMatched += 1
        }
        headingsRead += read.count
        headingsTrue += printed.count
    }

    private mutating func addTables(_ output: [MarkdownBlock], _ truth: [MarkdownBlock]) {
        var read = output.compactMap { $0.tableHTML.flatMap { try? TableTree(html: $0) } }
        for table in truth.compactMap({ $0.tableHTML.flatMap { try? TableTree(html: $0) } }) {
            tables += 1
            let scores = read.map { TEDS.similarity($0, table) }
            guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }) else { continue }
            tableSimilarity += scores[best]
            read.remove(at: best)
        }
    }

    private mutating func addParagraphs(_ output: [MarkdownBlock], _ truth: [MarkdownBlock]) {
        let blocks = output.map { Self.words($0.text) }
        var positions: [(truth: Int, read: Int)] = []
        for (index, block) in truth.enumerated() where block.kind == .paragraph || block.kind == .item {
            let words = Self.words(block.text)
            guard words.count >= Self.paragraphWords else { continue }
            paragraphs += 1
            let head = Array(words.prefix(Self.anchorWords)), tail = Array(words.suffix(Self.anchorWords))
            if blocks.contains(where: { Self.holds($0, whole: words, head: head, tail: tail) }) { whole += 1 }
            // Of the blocks holding its opening (paragraphs may open alike: "You can select..."),
            // the one nearest the paragraph found before it, the later on a tie.
            let last = positions.last?.read ?? 0
            if let position = blocks.indices.filter({ blocks[$0].firstRange(of: head) != nil })
                .min(by: { (abs($0 - last), $0 < last ? 1 : 0) < (abs($1 - last), $1 < last ? 1 : 0) }) {
                positions.append((index, position))
            }
        }
        for (i, a) in positions.enumerated() {
            for b in positions[(i + 1)...] where a.read != b.read {
                if (a.read < b.read) == (a.truth < b.truth) { concordant += 1 } else { discordant += 1 }
            }
        }
    }

    /// Whether `block` holds the paragraph whole: its first and last words in order, about as
    /// many words between them (reading errors may change a word or two, not a line's worth).
    private static func holds(_ block: [String], whole words: [String], head: [String], tail: [String]) -> Bool {
        guard let start = block.firstRange(of: head),
              let end = block[start.lowerBound...].ranges(of: tail).last else { return false }
        let span = end.upperBound - start.lowerBound
        return abs(span - words.count) <= max(2, words.count / 10)
    }

    private mutating func addHyphens(_ output: [MarkdownBlock], _ truth: [MarkdownBlock], _ broken: [String]) {
        let readWords = output.flatMap { $0.text.split(whereSeparator: { !$0.isLetter }) }
        let trueWords = truth.flatMap { $0.text.split(whereSeparator: { !$0.isLetter }) }
        let readCount = Dictionary(readWords.map { (String($0), 1) }, uniquingKeysWith: +)
        let trueCount = Dictionary(trueWords.map { (String($0), 1) }, uniquingKeysWith: +)
        for (word, times) in Dictionary(broken.map { ($0, 1) }, uniquingKeysWith: +) {
            brokenWords += times
            // Unbroken occurrences in print are whole in any output; the rest are the broken ones.
            let unbroken = max(0, (trueCount[word] ?? 0) - times)
            rejoined += min(times, max(0, (readCount[word] ?? 0) - unbroken))
        }
    }

    /// `text`'s words, lower case, letters and digits only: what "the same text" means for
    /// headings and paragraphs whatever the Markdown around them.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}
