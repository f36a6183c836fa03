/// Reads a page with two engines and keeps, line by line, the reading more likely right.
///
/// OCRKit's default (`ocr read --engine auto`) combines PP-OCR and Tesseract: PP-OCR reads
/// receipts and photos best, Tesseract clean printed lines, and on one page each is often right
/// where the other is wrong. The two engines' lines are matched by where they lie on the page;
/// where both read a line, the reading whose words are likelier right (each engine's confidence
/// mapped through its ``ConfidenceCalibration``) is kept, word by word where both split the line
/// into the same words; a line only one engine saw is kept
/// when it is likely enough right on its own, which drops the specks and textures one engine
/// takes for text. An engine sure of every line it read, with next to no ink outside them
/// (``Contributor/sureLineThreshold``), reads first, and alone: a clean scan is not read twice.
/// When it is sure of most of them, and the primary is a ``LineRecognizer``, the primary reads
/// only the others, where the first engine found them (``doubtfulLineShare``).
///
/// ```swift
/// let engine = LineCombiningEngine(
///     primary: .init(try PPOCREngine(), calibration: .ppocr, unsharedLineThreshold: 0.4),
///     secondary: .init(try TesseractEngine(), calibration: .tesseract, unsharedLineThreshold: 0.5))
/// let page = try await engine.read(bitmap, options: options)
/// print(page.engine.name)   // "auto"; or the one engine's name when only one could read the page
/// ```
public final class LineCombiningEngine: OCREngine {
    /// One of the engines combined, and how far its readings are trusted.
    public struct Contributor: Sendable {
        public var engine: any OCREngine
        public var calibration: ConfidenceCalibration
        /// A line only this engine saw is kept when its words are at least this likely right.
        public var unsharedLineThreshold: Double
        /// When every line this engine reads is at least this likely right, and the page has
        /// next to no ink outside them (``LineCombiningEngine/unreadInkAllowance``), its page is
        /// kept as it is and the other engine does not read it; `nil`: never.
        public var sureLineThreshold: Double?

        public init(_ engine: any OCREngine, calibration: ConfidenceCalibration, unsharedLineThreshold: Double,
                    sureLineThreshold: Double? = nil) {
            self.engine = engine
            self.calibration = calibration
            self.unsharedLineThreshold = unsharedLineThreshold
            self.sureLineThreshold = sureLineThreshold
        }

        /// Whether this engine is sure enough of `page`, read from `bitmap`, to keep it alone.
        func isSure(of page: Page, in bitmap: Bitmap) -> Bool {
            guard let sureLineThreshold, !page.lines.isEmpty,
                  page.lines.allSatisfy({ calibration.probability(of: [$0]) >= sureLineThreshold }) else { return false }
            return bitmap.inkShare(outsideMarginsOf: page.lines) <= LineCombiningEngine.unreadInkAllowance
        }
    }

    /// The engine whose reading order the page keeps, and whose reading of a line wins unless the
    /// secondary's is likelier right by more than ``margin``.
    public let primary: Contributor
    public let secondary: Contributor
    public let margin: Double

    public var info: EngineInfo {
        EngineInfo(name: "auto", version: "\(primary.engine.info.name) \(primary.engine.info.version) + "
                   + "\(secondary.engine.info.name) \(secondary.engine.info.version)",
                   lineFinding: primary.engine.info.lineFinding)
    }

    public init(primary: Contributor, secondary: Contributor, margin: Double = 0.05) {
        self.primary = primary
        self.secondary = secondary
        self.margin = margin
    }

    /// Options are honoured when the secondary honours them: Tesseract, which reads every
    /// language it has data for, and names the package of one it has not. The primary reads too
    /// when it honours them (PP-OCR, a language of its scripts); the secondary alone otherwise.
    public func checkSupport(of options: RecognitionOptions) throws {
        try secondary.engine.checkSupport(of: options)
    }

    /// The share of a page's ink outside the lines of an engine sure of each that still lets it
    /// read the page alone: specks and rules, not a line it did not see.
    public static let unreadInkAllowance = 0.02

    /// The two engines' lines combined; one engine's page when it is sure of it, or when the
    /// other does not honour the options or fails (its models missing, say): a page one engine
    /// read is never lost.
    ///
    /// - Throws: the primary's error when neither engine could read the page.
    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let contributors = [primary, secondary]
        var pages: [Page?] = [nil, nil], errors: [(any Error)?] = [nil, nil]
        // An engine that may be sure of a page alone reads it first.
        let order = primary.sureLineThreshold == nil && secondary.sureLineThreshold != nil ? [1, 0] : [0, 1]
        for index in order where (try? contributors[index].engine.checkSupport(of: options)) != nil {
            do {
                if index == 0, let mostlySure = pages[1], let recognizer = primary.engine as? any LineRecognizer,
                   let doubtful = doubtfulLines(of: mostlySure, in: bitmap) {
                    return try await rereading(doubtful, of: mostlySure, in: bitmap, by: recognizer, options: options)
                }
                let page = try await contributors[index].engine.recognize(bitmap, options: options)
                if contributors[index].isSure(of: page, in: bitmap) { return page }
                pages[index] = page
            } catch {
                errors[index] = error
            }
        }
        guard let first = pages[0], let second = pages[1] else {
            if let page = pages[0] ?? pages[1] { return page }
            throw errors[0] ?? errors[1] ?? OCRError(.invalidOption, reason: "neither \(primary.engine.info.name) nor "
                                                     + "\(secondary.engine.info.name) honours these options")
        }
        var combined = Page(image: first.image, width: first.width, height: first.height, engine: info,
                            layout: combine(first, second), straightening: first.straightening)
        combined.languages = first.languages.appendingNew(second.languages)
        combined.rereadings = first.rereadings.appendingNew(second.rereadings)
        return combined
    }

    /// The lines kept from the primary's page and the secondary's, in the primary's reading
    /// order, with lines only the secondary saw placed before the first line below them; in the
    /// secondary's paragraphs and blocks, which Tesseract finds and PP-OCR does not.
    func combine(_ first: Page, _ second: Page) -> [[[Line]]] {
        var paragraphOfLine: [Int: Int] = [:], blockOfParagraph: [Int: Int] = [:]
        for (index, paragraph) in second.paragraphs.enumerated() {
            for line in paragraph.lines { paragraphOfLine[line] = index }
        }
        for (index, block) in second.blocks.enumerated() {
            for paragraph in block.paragraphs { blockOfParagraph[paragraph] = index }
        }

        typealias Kept = (top: Double, paragraph: Int?, lines: [Line])
        var ordered: [Kept] = [], unordered: [Kept] = []
        for region in LineRegion.matching(first.lines, second.lines) {
            let lines = region.first.map { first.lines[$0] }, others = region.second.map { second.lines[$0] }
            let kept = decide(lines, others)
            guard !kept.isEmpty else { continue }
            let region = (top: (lines + others).map(\.box.minY).min() ?? 0, paragraph: region.second.first.flatMap { paragraphOfLine[$0] },
                          lines: kept)
            if lines.isEmpty { unordered.append(region) } else { ordered.append(region) }
        }
        for region in unordered.sorted(by: { $0.top < $1.top }) {
            ordered.insert(region, at: ordered.firstIndex { $0.top > region.top } ?? ordered.endIndex)
        }

        // A region the secondary did not see stays in the paragraph before it.
        var layout: [[[Line]]] = [], paragraph: Int?
        for region in ordered {
            if layout.isEmpty || region.paragraph.map({ $0 != paragraph }) == true {
                let block = region.paragraph.flatMap { blockOfParagraph[$0] }
                if layout.isEmpty || block != paragraph.flatMap({ blockOfParagraph[$0] }) {
                    layout.append([])
                }
                layout[layout.count - 1].append([])
                paragraph = region.paragraph ?? paragraph
            }
            layout[layout.count - 1][layout[layout.count - 1].count - 1] += region.lines
        }
        return layout
    }

    /// What is kept of one place on the page where the primary read `lines` and the secondary
    /// `others` (either may be none): the likelier reading, word by word where both split the
    /// line alike; a line one engine alone saw when it is likely enough right on its own.
    func decide(_ lines: [Line], _ others: [Line]) -> [Line] {
        switch (lines.isEmpty, others.isEmpty) {
        case (false, false):
            if lines.count == 1, others.count == 1 {
                if Self.differInSpacesAlone(lines[0], others[0]) { return others }
                if let mixed = choosingWords(of: lines[0], or: others[0]) { return [mixed] }
            }
            if secondary.calibration.probability(of: others) > primary.calibration.probability(of: lines) + margin {
                return others
            }
            return Self.joiningPieces(of: lines, along: others)
        case (false, true):
            return primary.calibration.probability(of: lines) >= primary.unsharedLineThreshold ? lines : []
        default:
            return secondary.calibration.probability(of: others) >= secondary.unsharedLineThreshold ? others : []
        }
    }

    /// Whether `line` and `other` read the same characters, spaces aside, in a script written
    /// without spaces between its words (Han, kana), and differ in their spaces. The secondary's
    /// line is then kept: it finds words by the gaps between them, as Tesseract's page
    /// segmentation does, where PP-OCR's recogniser, reading a line whole, leaves out the spaces
    /// a Japanese line puts around half-width punctuation (`フランス語,中世(約` for
    /// `フランス語, 中世 (約`).
    static func differInSpacesAlone(_ line: Line, _ other: Line) -> Bool {
        line.text != other.text && line.text.filter { !$0.isWhitespace } == other.text.filter { !$0.isWhitespace }
            && line.text.contains { Script($0).map { !$0.spacesBetweenWords } ?? false }
    }

    /// The primary's line with each word the secondary read likelier right (by more than the
    /// margin) taken from the secondary, when both read the line as as many words, each over the
    /// other's; `nil` when they split it differently.
    func choosingWords(of line: Line, or other: Line) -> Line? {
        guard !line.words.isEmpty, line.words.count == other.words.count,
              zip(line.words, other.words).allSatisfy({ a, b in
                  (a.box.intersection(b.box)?.width ?? 0) > 0.5 * min(a.box.width, b.box.width)
              }) else { return nil }
        var mixed = line
        mixed.words = zip(line.words, other.words).map { word, alternative in
            secondary.calibration.probability(alternative.confidence) > primary.calibration.probability(word.confidence) + margin
                ? alternative : word
        }
        mixed.text = mixed.words.map(\.text).joined(separator: " ")
        return mixed
    }

    /// `lines`, with the pieces that lie along one of `rows` joined into one line (a detector's
    /// "Milk 2L" and "1.45" along Tesseract's "Milk 2L 1.45"), in the order of their first piece.
    /// Pieces over one another are not joined: Tesseract may take two short rows for one line
    /// ("Company No: SA0127959-D" above "Site: 2395"), and the pieces of a line lie side by side.
    static func joiningPieces(of lines: [Line], along rows: [Line]) -> [Line] {
        var groups: [[Line]] = [], groupsOfRow: [Int: [Int]] = [:]
        for line in lines {
            let row = rows.indices.filter { line.isOnSameLine(as: rows[$0]) }
                .max { (line.box.intersection(rows[$0].box)?.area ?? 0) < (line.box.intersection(rows[$1].box)?.area ?? 0) }
            if let row, let group = groupsOfRow[row]?.first(where: { !groups[$0].contains { $0.isOver(line) } }) {
                groups[group].append(line)
            } else {
                groups.append([line])
                if let row { groupsOfRow[row, default: []].append(groups.count - 1) }
            }
        }
        return groups.map { $0.count == 1 ? $0[0] : Line(joining: $0) }
    }
}
