import OCRKit

/// Which script a doubtful or short page is in, told by reading it: the few pieces the first
/// reading (in Latin letters) read least surely are read again in the languages of each installed
/// script, and the script whose reading is clearly the most legible
/// (``OCRKit/ScriptLegibility``) wins; none wins where Latin reads as well. A short text is cheap
/// to read several times, and a script detector needs 50 characters to say anything: a line, a
/// label or a sign has fewer.
///
/// The pieces are an image of one line, whole, or the first reading's lines read least surely,
/// the longest first (``pieceCount``); where it read none, the page itself, or a band across its
/// middle. Each script's languages (``OCRKit/Script/readingLanguages(among:)``: Russian's and
/// Ukrainian's together) read them once; the ``contenderCount`` scripts that read them
/// more legibly than Latin read them again, larger, and their legibility is taken at their
/// steadiness.
///
/// ```swift
/// let contest = ScriptContest(first: englishReading, in: bitmap, reader: tesseract,
///                             installedLanguages: tesseract.installedLanguages, sureConfidence: 0.95)
/// if let script = try await contest.winner() { print(script.name) }   // "Devanagari"
/// ```
public struct ScriptContest: Sendable {
    /// The page's first reading, in Latin letters.
    public let first: Page
    public let bitmap: Bitmap
    /// What reads the pieces in each script's language: Tesseract.
    public let reader: any LineRecognizer
    public let installedLanguages: [String]
    /// A word read at least this confidently by the first reading is sure
    /// (``ScriptAwareEngine/Doubt/sureConfidence``).
    public let sureConfidence: Double

    /// How many of the first reading's lines are read again.
    public static let pieceCount = 4
    /// How many scripts that read the pieces more legibly than Latin have their steadiness read.
    public static let contenderCount = 2
    /// The height of the band across a page's middle read where the first reading read nothing.
    public static let bandHeight = 400
    /// The least legibility a script must win a page's lines by: two letters read surely.
    public static let winningLegibility = 2.0
    /// A line the first reading did not see is taken from a reading in another script when its
    /// words are at least this likely right: as `auto` keeps one only Tesseract saw.
    public static let unsharedLineProbability = 0.5

    /// Whether the page itself is read too, beside its doubtful lines: where the first reading
    /// left much of its ink unread (a page of Russian whose few Latin words PP-OCR read surely).
    public let readsPage: Bool

    public init(first: Page, in bitmap: Bitmap, reader: any LineRecognizer, installedLanguages: [String],
                sureConfidence: Double, readsPage: Bool = false) {
        self.first = first
        self.bitmap = bitmap
        self.reader = reader
        self.installedLanguages = installedLanguages
        self.sureConfidence = sureConfidence
        self.readsPage = readsPage
    }

    /// A piece of the page read in every script: a line the first reading found, or, where it
    /// found none, the page or its middle band.
    struct Piece: Sendable {
        var bitmap: Bitmap
        /// The first reading's lines of the piece.
        var lines: [Line]
        var isLine: Bool
    }

    /// Reads the pieces in each installed script, and says which, if any, they are in: the
    /// script whose lines, each against what the first reading and Latin's language read in its
    /// place, are clearly more legible (``OCRKit/ScriptLegibility``) the most, at their
    /// steadiness. Lines are weighed each in its place, so that a sign's line of Hindi counts for
    /// Hindi beside its English name, which counts for neither.
    public func winner() async throws -> Script? {
        let pieces = self.pieces()
        guard !pieces.isEmpty, let latin = Script.latin.language(among: installedLanguages) else { return nil }
        let candidates = Script.allCases.compactMap { script -> (script: Script, languages: [String])? in
            let languages = script.readingLanguages(among: installedLanguages)
            return script == .latin || languages.isEmpty ? nil : (script, languages)
        }
        let readings = try await read(pieces, in: [(Script.latin, [latin])] + candidates, scale: 1)
        let won = candidates.indices.map { wonLegibility(of: readings[$0 + 1], in: candidates[$0].script, pieces: pieces, latin: readings[0]) }
        let contenders = won.indices.filter { won[$0] > 0 }.sorted { won[$0] > won[$1] }.prefix(Self.contenderCount)
        guard !contenders.isEmpty else { return nil }
        var again = try await read(pieces, in: contenders.map { candidates[$0] }, scale: ScriptLegibility.steadinessScale)
        // Tesseract reads nothing at all of large text made larger (a line of Arabic 50 pixels
        // high, at 70): that says the size does not suit it, not that its reading is unsteady,
        // and such a script's pieces are read smaller instead.
        for (position, index) in contenders.enumerated()
        where again[position].allSatisfy(\.isEmpty) && !readings[index + 1].allSatisfy(\.isEmpty) {
            again[position] = try await read(pieces, in: [candidates[index]], scale: 1 / ScriptLegibility.steadinessScale)[0]
        }
        let steady = zip(contenders, again).map { index, again in
            let reading = readings[index + 1].flatMap { $0 }
            return (script: candidates[index].script, reading: reading,
                    legibility: won[index] * ScriptLegibility.steadiness(of: Self.text(reading), and: Self.text(again.flatMap { $0 })))
        }
        guard let best = steady.max(by: { $0.legibility < $1.legibility }), best.legibility >= Self.winningLegibility else { return nil }
        // Japanese's model reads Chinese too: without kana among its Han, the text is Chinese.
        if best.script == .kana, ScriptAwareEngine.script(of: Self.text(best.reading)) == .han,
           Script.han.language(among: installedLanguages) != nil {
            return .han
        }
        return best.script
    }

    /// The legibility in `script` of the lines of `reading` (each piece's) that are clearly more
    /// legible than what was read in their place in Latin letters: by the first reading, and by
    /// Latin's language in `latin`.
    private func wonLegibility(of reading: [[Line]], in script: Script, pieces: [Piece], latin: [[Line]]) -> Double {
        let firstCalibration = ConfidenceCalibration(of: first.engine)
        var won = 0.0
        for (index, piece) in pieces.enumerated() {
            for line in reading[index] {
                let rivals = { (lines: [Line]) in piece.isLine ? lines : lines.filter { $0.isOnSameLine(as: line) } }
                let (read, latinRead) = (rivals(piece.lines), rivals(latin[index]))
                // Where nothing Latin was read, a line must be likely right on its own, as one
                // added to a page is: a photo's textures read as Thai are not.
                if read.isEmpty, latinRead.isEmpty,
                   ConfidenceCalibration.tesseract.probability(of: [line]) < Self.unsharedLineProbability { continue }
                if ScriptLegibility.keepsItsPlace(read, calibration: firstCalibration) { continue }
                let inPlace = max(ScriptLegibility.legibility(of: read, in: .latin, calibration: firstCalibration),
                                  legibility(latinRead, in: .latin))
                let legibility = legibility([line], in: script)
                if ScriptLegibility.isClearlyMoreLegible(legibility, than: inPlace) { won += legibility }
            }
        }
        return won
    }

    /// The pieces read in each script: an image of one line (``OCRKit/Bitmap/isOneLine``)
    /// whole; otherwise the first reading's least sure lines (all of them, where it read every
    /// one surely: a short text), the longest first, and the page (its middle band), where it
    /// read none or ``readsPage``.
    func pieces() -> [Piece] {
        // An image of one line is its one piece, whatever the first reading made of it.
        if bitmap.isOneLine { return [Piece(bitmap: bitmap, lines: first.lines, isLine: true)] }
        let doubtful = first.lines.filter { !$0.isRead(surely: sureConfidence) }
        let read = doubtful.isEmpty ? first.lines : doubtful
        let lines = read.sorted { $0.text.count > $1.text.count }.prefix(Self.pieceCount).compactMap { line -> Piece? in
            let box = line.box.scaled(width: Double(bitmap.width), height: Double(bitmap.height))
            return bitmap.cropped(to: box.lineReadingRegion).map { Piece(bitmap: $0, lines: [line], isLine: true) }
        }
        guard lines.isEmpty || readsPage else { return lines }
        guard bitmap.height > Self.bandHeight else { return lines + [Piece(bitmap: bitmap, lines: first.lines, isLine: false)] }
        // The first reading's lines, where the band's own reading places them.
        let top = Double((bitmap.height - Self.bandHeight) / 2), scale = Double(bitmap.height) / Double(Self.bandHeight)
        let inBand = first.lines.map { line in
            var line = line
            line.box = Rect(x: line.box.minX, y: (line.box.minY * Double(bitmap.height) - top) / Double(Self.bandHeight),
                            width: line.box.width, height: line.box.height * scale)
            return line
        }
        let band = Rect(x: 0, y: top, width: Double(bitmap.width), height: Double(Self.bandHeight))
        return lines + (bitmap.cropped(to: band).map { [Piece(bitmap: $0, lines: inBand, isLine: false)] } ?? [])
    }

    /// Each piece read in each of `languages`, the pieces scaled by `scale`: for each language,
    /// the lines read in each piece, in the piece's own coordinates.
    private func read(_ pieces: [Piece], in languages: [(script: Script, languages: [String])], scale: Double) async throws -> [[[Line]]] {
        let reader = self.reader
        return try await withThrowingTaskGroup(of: (Int, [[Line]]).self) { group in
            for (index, candidate) in languages.enumerated() {
                group.addTask {
                    let options = RecognitionOptions(languages: candidate.languages, alternativeCount: 0)
                    var lines: [[Line]] = []
                    for piece in pieces {
                        let bitmap = scale == 1 ? piece.bitmap : piece.bitmap.scaled(by: scale)
                        if piece.isLine {
                            let whole = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)).quad
                            lines.append(try await reader.recognizeLines(along: [whole], in: bitmap, options: options).compactMap { $0 })
                        } else {
                            lines.append(try await reader.recognize(bitmap, options: options).lines)
                        }
                    }
                    return (index, lines)
                }
            }
            var readings = [[[Line]]](repeating: [], count: languages.count)
            for try await (index, lines) in group { readings[index] = lines }
            return readings
        }
    }

    /// The legibility of what the reader read.
    private func legibility(_ lines: [Line], in script: Script) -> Double {
        ScriptLegibility.legibility(of: lines, in: script, calibration: .tesseract)
    }

    private static func text(_ lines: [Line]) -> String {
        lines.map(\.text).joined(separator: " ")
    }

    /// `first`, the page's reading in Latin letters, with each line `second` (its reading in a
    /// language of `script`) read clearly more legibly (``OCRKit/ScriptLegibility``) in its
    /// place, and the lines only `second` read, likely enough right, added: each line of a page
    /// of two scripts in its own.
    public static func merging(_ first: Page, with second: Page, in script: Script) -> Page {
        let firstCalibration = ConfidenceCalibration(of: first.engine), secondCalibration = ConfidenceCalibration(of: second.engine)
        var replaced: [Int: Line] = [:], dropped = Set<Int>(), added: [Line] = []
        for line in second.lines {
            let legibility = ScriptLegibility.legibility(of: [line], in: script, calibration: secondCalibration)
            let matched = first.lines.indices.filter { first.lines[$0].isOnSameLine(as: line) && replaced[$0] == nil && !dropped.contains($0) }
            if matched.isEmpty {
                if legibility > 0, secondCalibration.probability(of: [line]) >= unsharedLineProbability,
                   !first.lines.contains(where: { $0.isOnSameLine(as: line) }) {
                    added.append(line)
                }
                continue
            }
            let inPlace = matched.map { first.lines[$0] }
            let latin = ScriptLegibility.legibility(of: inPlace, in: .latin, calibration: firstCalibration)
            guard ScriptLegibility.isClearlyMoreLegible(legibility, than: latin),
                  !ScriptLegibility.keepsItsPlace(inPlace, calibration: firstCalibration) else { continue }
            replaced[matched[0]] = line
            dropped.formUnion(matched.dropFirst())
        }
        guard !replaced.isEmpty || !added.isEmpty else { return first }
        // The reading that keeps more of the page's letters lends it its layout, and the other's
        // lines go into it: a page of Russian read in English as a few lines of Latin letters
        // came out with its Russian lines out of order, put in among the Latin ones.
        let fromFirst = first.lines.indices.filter { replaced[$0] == nil && !dropped.contains($0) }.map { first.lines[$0] }
        let taken = Set(replaced.values).union(added)
        let letters = { (lines: [Line]) in lines.map { $0.text.count(where: \.isLetter) }.reduce(0, +) }
        var index = 0
        var kept = if letters(Array(taken)) > letters(fromFirst) {
            inserting(fromFirst, into: second.compactMapLines { taken.contains($0) ? $0 : nil })
        } else {
            inserting(added, into: first.compactMapLines { line in
                defer { index += 1 }
                return dropped.contains(index) ? nil : replaced[index] ?? line
            })
        }
        // A page read wholly in the other script is that reading's; one of both scripts, both's.
        if kept.lines.contains(where: first.lines.contains) {
            kept.engine = first.engine
            kept.languages = second.languages.appendingNew(first.languages)
        } else {
            (kept.engine, kept.languages) = (second.engine, second.languages)
        }
        return kept
    }

    /// `page` with `lines` in it, each a paragraph of its own, before the first paragraph below it.
    private static func inserting(_ lines: [Line], into page: Page) -> Page {
        guard !lines.isEmpty else { return page }
        var layout = page.layout
        for line in lines.sorted(by: { $0.box.minY < $1.box.minY }) {
            let block = layout.firstIndex { $0.first?.first.map { $0.box.minY > line.box.minY } ?? false } ?? layout.endIndex
            layout.insert([[line]], at: block)
        }
        return page.replacingLayout(layout)
    }
}
