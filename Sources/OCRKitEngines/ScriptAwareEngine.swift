import Logging
import OCRKit

/// Reads each page in a language of its own script when none is given: the default of every
/// engine ``EngineSettings`` makes, so that a Russian page does not come back as commas because
/// nobody said it was Russian.
///
/// With languages given (``OCRKit/RecognitionOptions/languages``), the engine reads as asked.
/// Without, a page is read as it always was, in English, and that reading says whether to read it
/// again:
/// - what it read confidently is in its script's letters where PP-OCR reads them: a page read as
///   Chinese, Japanese or Greek is read again in a language of that script (Tesseract's half of
///   `auto` then reads it too); a page of Latin letters, in the installed language its letters
///   beyond a-z say (``OCRKit/Language/likeliest(for:among:)``: German's ä, ö, ü, ß);
/// - where it read little of the page's ink, or little of it surely (``Doubt``), the page's script is
///   found (``OCRKit/ScriptDetector``) and the page read again in the installed language of that
///   script ``OCRKit/Script/language(among:)`` chooses (Russian for Cyrillic:
///   ``OCRKit/Script/defaultLanguage``) and up to two others of the script (Ukrainian), by
///   Tesseract, which reads every word in the likeliest, then in the one of them its letters say
///   alone, if another; a line the first reading read whole and confidently in Latin letters is
///   kept. The second reading is kept when it reads more, more confidently, than the first: a
///   script found may be wrong.
///
/// The same first reading, with languages given or not, says whether the page is upright: where
/// it runs up or down the image (PP-OCR reads a page turned a quarter line by line), or is
/// doubtful as above, the ``orientationDetector`` is asked which way up the page is, and a page
/// it finds turned is read again upright, and kept so if it then reads well; its
/// ``OCRKit/Page/straightening`` records the turn, so that a PDF shows the page upright and its
/// boxes are the upright page's.
///
/// An English page, read well the first time, costs nothing more: script detection alone took an
/// English receipt for Cyrillic in 8 of 20, and took a quarter of its reading's time. A script
/// that no installed language reads is named on the page (``OCRKit/Page/missingLanguages``), with
/// the package that brings one.
///
/// ```swift
/// let engine = try EngineSettings(.auto).pageEngine()     // a ScriptAwareEngine
/// let page = try await engine.read(bitmap)                // no languages: found by script
/// print(page.languages, page.missingLanguages.map(\.package))   // ["rus", "ukr"] [], where both are installed
/// ```
public struct ScriptAwareEngine: OCREngine {
    /// The engine chosen to read pages: `auto`'s ``OCRKit/LineCombiningEngine``, PP-OCR, Tesseract.
    public let engine: any OCREngine
    /// The languages ``engine`` has data for (Tesseract's).
    public let installedLanguages: [String]
    public let detector: any ScriptDetector
    /// Tells which way up a page is when its first reading runs up or down the image or is
    /// doubtful; `nil` reads every page as it is turned.
    public let orientationDetector: (any OrientationDetector)?
    /// How sure ``orientationDetector`` must be before a page is turned. Pages turned at test
    /// time: 0.81 to 0.95; an upright page of Russian, which the detector checks by reading it in
    /// English, 0.53 for upside down.
    public var minimumOrientationConfidence = 0.75
    /// When a first reading is doubtful, which has its page's orientation and script found: the
    /// engine's own (``Doubt/ppocr``, ``Doubt/tesseract``), for engines differ in how sure they say they are.
    public var doubt: Doubt
    /// Where the engine says what it could not do: a script that ``engine`` does not read.
    public var logger: Logger

    public var info: EngineInfo { engine.info }

    public init(engine: any OCREngine, installedLanguages: [String], detector: any ScriptDetector,
                orientationDetector: (any OrientationDetector)? = nil, doubt: Doubt,
                logger: Logger = Logger(label: "ocrkit")) {
        self.engine = engine
        self.doubt = doubt
        self.installedLanguages = installedLanguages
        self.detector = detector
        self.orientationDetector = orientationDetector
        self.logger = logger
    }

    public func checkSupport(of options: RecognitionOptions) throws {
        try engine.checkSupport(of: options)
    }

    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        var chosen = options
        if chosen.languages.isEmpty { chosen.languages = [Script.latin.defaultLanguage] }
        let first = try await engine.recognize(bitmap, options: chosen)
        let findsScript = options.languages.isEmpty
        if let upright = try await upright(first, of: bitmap, options: chosen, findsScript: findsScript) {
            var page = upright.page
            page.straightening = Straightening(turning: bitmap, by: upright.orientation)
            return page
        }
        return findsScript ? try await inItsScript(first, of: bitmap, options: chosen) : first
    }

    /// The page read again turned upright (in its script's language, when `findsScript`), when
    /// its first reading ran up or down the image, or was doubtful, and ``orientationDetector``
    /// says which way up it is; `nil` when it is upright, or reads no better turned.
    private func upright(_ first: Page, of bitmap: Bitmap, options: RecognitionOptions, findsScript: Bool) async throws
        -> (page: Page, bitmap: Bitmap, orientation: TextOrientation)? {
        guard let orientationDetector, isSideways(first) || isDoubtful(first, in: bitmap),
              let orientation = try await orientationDetector.orientation(of: bitmap),
              orientation.quarterTurns != 0, orientation.confidence >= minimumOrientationConfidence else { return nil }
        let turned = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
        let page = try await engine.recognize(turned, options: options)
        // Detection may be wrong on a page of another script read in English (an upright page of
        // Thai was taken for upside down, and read 1.7 times as much so, all of it doubtful):
        // turned, the page must read well, or twice as much as before. A page PP-OCR read
        // sideways line by line reads about as well upright, and is then laid out as a page.
        if page.legibility >= 0.9 * first.legibility, !isDoubtful(page, in: turned) || page.legibility >= 2 * first.legibility {
            return (findsScript ? try await inItsScript(page, of: turned, options: options) : page, turned, orientation)
        }
        // Read in English, a page of another script reads no better upright: read in a language
        // of its own, it must read well.
        guard findsScript else { return nil }
        let inScript = try await inItsScript(page, of: turned, options: options)
        guard inScript.languages != page.languages, !isDoubtful(inScript, in: turned) else { return nil }
        return (inScript, turned, orientation)
    }

    /// `first`, an upright page's reading in English, or the page read again in the language of
    /// its script when `first` says it is in another (see the type's description).
    private func inItsScript(_ first: Page, of bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let languages: [String], isFound: Bool
        if let read = Self.script(of: first.text), read != .latin {
            // Read in its own letters, by PP-OCR: its language reads it again with PP-OCR.
            guard let language = read.language(among: installedLanguages) else { return first }
            (languages, isFound) = ([language], false)
        } else if isDoubtful(first, in: bitmap), let found = try await detector.script(of: bitmap)?.script, found != .latin {
            let reading = readingLanguages(of: found)
            guard !reading.isEmpty else {
                var first = first
                first.missingLanguages = [MissingLanguage(script: found)]
                return first
            }
            (languages, isFound) = (reading, true)
        } else {
            // A Latin page read well: its letters may say its language (German's ä, ö, ü and ß).
            guard let language = Language.likeliest(for: first.text, among: Script.latin.languages(among: installedLanguages)),
                  !first.languages.contains(language) else { return first }
            (languages, isFound) = ([language], false)
        }
        var chosen = options
        chosen.languages = languages
        guard (try? engine.checkSupport(of: chosen)) != nil else {
            logger.warning("\(bitmap.image): text in \(languages.joined(separator: "+")), which \(engine.info.name) does not read: read it with --engine auto or tesseract")
            return first
        }
        let second = try await engine.recognize(bitmap, options: chosen)
        guard isFound else { return second }
        var kept = Self.keepingLatinLines(of: first, in: second)
        // A script found may be wrong (an English receipt taken for Cyrillic): the second reading
        // must read more, more confidently.
        guard kept.legibility >= first.legibility else { return first }
        // Read in several languages at once, a word may go to the wrong one (Ukrainian read
        // among Russian's at 0.056, alone at 0.016): the page's letters say which it is in.
        if languages.count > 1, let language = Language.likeliest(for: kept.text, among: languages), language != languages[0] {
            chosen.languages = [language]
            kept = Self.keepingLatinLines(of: first, in: try await engine.recognize(bitmap, options: chosen))
        }
        return kept
    }

    /// Whether most of what a reading read runs up or down the image: lines of three characters
    /// or more taller than they are wide, as PP-OCR finds a page turned a quarter.
    func isSideways(_ page: Page) -> Bool {
        let lines = page.lines.filter { $0.text.count >= 3 }
        let sideways = lines.filter { $0.box.height > $0.box.width }
        return sideways.map(\.text.count).reduce(0, +) * 2 > lines.map(\.text.count).reduce(0, +)
    }

    /// A line of Latin letters the first reading, in English, read at least this confidently is
    /// kept over the second reading's of the same place, when that is less confident.
    static let latinLineConfidence = 0.9

    /// `page` (read in another script's language) with the lines `english` read confidently in
    /// Latin letters taken over its own less confident readings of the same places, and added
    /// where it read none: an English line on a Russian page, which Russian's model reads as
    /// Cyrillic garbage (reading both languages at once instead, `rus+eng`, read words of Arabic
    /// as English ones: 0.088 against 0.029).
    static func keepingLatinLines(of english: Page, in page: Page) -> Page {
        // Latin letters only: an English reading of a line of Greek capitals (`ΑΝΑΓΝΩΡΙΣΤΙΚΟ`)
        // is mostly Latin look-alikes (`ANATNΩPIΣTIKO`), confidently.
        let latin = english.lines.filter { line in
            line.confidence >= latinLineConfidence && Script(of: line.text) == .latin
                && line.text.allSatisfy { Script($0).map { $0 == .latin } ?? true }
        }
        guard !latin.isEmpty else { return page }
        var replaced: [Int: Line] = [:], dropped = Set<Int>(), added: [Line] = []
        for line in latin {
            let others = page.lines.indices.filter { page.lines[$0].isOnSameLine(as: line) }
            // Only a line read whole is taken: PP-OCR reads the Latin end of a Ukrainian line
            // (`через проксі SOCKSv5.`), and nothing else of it, as the line (`v5.`).
            let length = others.map { page.lines[$0].text.count }.reduce(0, +)
            if others.isEmpty {
                added.append(line)
            } else if others.allSatisfy({ page.lines[$0].confidence < line.confidence && replaced[$0] == nil }),
                      Double(line.text.count) >= 0.6 * Double(length) {
                replaced[others[0]] = line
                dropped.formUnion(others.dropFirst())
            }
        }
        guard !replaced.isEmpty || !added.isEmpty else { return page }
        var index = 0
        var kept = page.compactMapLines { line in
            defer { index += 1 }
            return dropped.contains(index) ? nil : replaced[index] ?? line
        }
        if !added.isEmpty {
            // Each added line is a paragraph of its own, before the first paragraph below it.
            var layout = kept.layout
            for line in added.sorted(by: { $0.box.minY < $1.box.minY }) {
                let block = layout.firstIndex { $0.first?.first.map { $0.box.minY > line.box.minY } ?? false } ?? layout.endIndex
                layout.insert([[line]], at: block)
            }
            kept = kept.replacingLayout(layout)
        }
        let english = english.languages.filter { !kept.languages.contains($0) }
        kept.languages += english
        return kept
    }

    /// The installed languages of `script` a page found in it is read in: the one
    /// ``OCRKit/Script/language(among:)`` chooses, then up to two others written in it (Ukrainian
    /// beside Russian), every word in the likelier.
    func readingLanguages(of script: Script) -> [String] {
        guard let first = script.language(among: installedLanguages) else { return [] }
        let others = script.languages(among: installedLanguages).filter { $0 != first && !$0.hasPrefix("script/") }
        return [first] + others.prefix(2)
    }

    /// The script of most of `text`'s letters; Japanese where there is kana among Han.
    static func script(of text: String) -> Script? {
        let script = Script(of: text)
        guard script == .han else { return script }
        let kana = text.filter { Script($0) == .kana }.count, han = text.filter { Script($0) == .han }.count
        return kana * 10 >= han ? .kana : .han
    }
}
