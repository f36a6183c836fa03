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
    /// Reads the pieces of a doubtful page in each installed script's language
    /// (``ScriptContest``): Tesseract.
    public let reader: any LineRecognizer
    /// Names the script of a doubtful page that no installed script reads more legibly, so that
    /// the page can say which package would read it (``OCRKit/Page/missingLanguages``).
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

    public init(engine: any OCREngine, installedLanguages: [String], reader: any LineRecognizer, detector: any ScriptDetector,
                orientationDetector: (any OrientationDetector)? = nil, doubt: Doubt,
                logger: Logger = Logger(label: "ocrkit")) {
        self.engine = engine
        self.doubt = doubt
        self.installedLanguages = installedLanguages
        self.reader = reader
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
            var page = upright.page.kept(as: .upright)
            page.straightening = Straightening(turning: bitmap, by: upright.orientation)
            return Self.warningOfUnreadText(page, in: upright.bitmap)
        }
        return Self.warningOfUnreadText(findsScript ? try await inItsScript(first, of: bitmap, options: chosen) : first, in: bitmap)
    }

    /// The page read again turned upright (in its script's language, when `findsScript`), when
    /// its first reading ran up or down the image, or was doubtful, and ``orientationDetector``
    /// says which way up it is; `nil` when it is upright, or reads no better turned.
    private func upright(_ first: Page, of bitmap: Bitmap, options: RecognitionOptions, findsScript: Bool) async throws
        -> (page: Page, bitmap: Bitmap, orientation: TextOrientation)? {
        guard let orientationDetector, isSideways(first) || isDoubtful(first, in: bitmap),
              let orientation = try await orientationDetector.orientation(of: bitmap),
              orientation.quarterTurns != 0, orientation.confidence >= minimumOrientationConfidence,
              // An image of one line runs across it: turned a quarter, it would be a column of
              // letters (the detector took a worn line of Thai for sideways, 0.78 sure).
              !(bitmap.isOneLine && orientation.quarterTurns % 2 == 1) else { return nil }
        let turned = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
        let page = try await engine.recognize(turned, options: options)
        if Rereading.keeps(upright: page, over: first, isDoubtful: isDoubtful(page, in: turned)) {
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
    /// its script when `first` says it is in another, line by line (see the type's description).
    private func inItsScript(_ first: Page, of bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let doubt = doubt(of: first)
        if let read = Self.script(of: Self.sureText(of: first, doubt: doubt)), read != .latin {
            // Read surely in its own letters, by PP-OCR: its language reads it again.
            guard read.language(among: installedLanguages) != nil else { return first }
            return try await reading(first, in: read, of: bitmap, options: options)
        }
        guard isDoubtful(first, in: bitmap) || Self.isShortWithLookAlikes(first) else {
            // A Latin page read well: its letters may say its language (German's ä, ö, ü and ß).
            guard let language = Language.likeliest(for: first.text, among: Script.latin.languages(among: installedLanguages)),
                  !first.languages.contains(language) else { return first }
            return try await read(bitmap, in: [language], options: options)?.kept(as: .language) ?? first
        }
        // A page whose ink was mostly left unread has the rest of its text, likely in another
        // script, sought on the page itself, where some of its lines were read surely (a page of
        // Russian whose Latin words and numbers PP-OCR read) or it holds marks as text does (a
        // page of Korean, of which PP-OCR kept a few syllables' pieces as Latin letters); a photo
        // read unsurely throughout does not (the Thai model made letters of a street photo's
        // textures).
        let readsSurely = first.lines.contains { $0.isRead(surely: doubt.sureConfidence) }
        let readsPage = bitmap.inkShare(outsideMarginsOf: first.lines) > doubt.unreadInk && (readsSurely || bitmap.holdsMarks)
        let winner = try await ScriptContest(first: first, in: bitmap, reader: reader, installedLanguages: installedLanguages,
                                             sureConfidence: doubt.sureConfidence, readsPage: readsPage).winner()
        // Text of a script no installed language reads is read as their own, more or less
        // legibly, by the others' models (a page of Hebrew as Thai), or by none: where the
        // detector is sure of such a script, the page keeps its first reading and names the
        // package. The detector costs more than a reading: it is asked only where another
        // script won, or where most of the first reading's letters are in lines not even likely
        // right (an English photo's are mostly in likely ones).
        if winner != nil || Self.likelyShare(of: first) < Self.likelyPage, let missing = try await missingScript(on: bitmap) {
            var first = first
            first.missingLanguages = [MissingLanguage(script: missing)]
            return first
        }
        guard let found = winner else { return first }
        return try await reading(first, in: found, of: bitmap, options: options)
    }

    /// `first` with each line the page reads clearly more legibly in the languages of `script`
    /// in its place (``ScriptContest/merging(_:with:in:)``); read again in one of them alone
    /// where its letters say which.
    private func reading(_ first: Page, in script: Script, of bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let languages = script.readingLanguages(among: installedLanguages)
        guard let second = try await read(bitmap, in: languages, options: options) else { return first }
        var kept = Self.merging(first, with: second, in: script)
        // Read in several languages at once, a word may go to the wrong one (Ukrainian read
        // among Russian's at 0.056, alone at 0.016): the page's letters say which it is in.
        if languages.count > 1, let language = Language.likeliest(for: kept.text, among: languages), language != languages[0],
           let alone = try await read(bitmap, in: [language], options: options) {
            kept = Self.merging(first, with: alone, in: script)
        }
        return kept
    }

    /// `first` with the lines `second`, its reading again in `script`'s languages, reads clearly
    /// more legibly in their place (``ScriptContest/merging(_:with:in:)``), recording the reading
    /// again where any of its lines was kept, and the readings again made within it.
    private static func merging(_ first: Page, with second: Page, in script: Script) -> Page {
        var merged = ScriptContest.merging(first, with: second, in: script)
        guard merged != first else { return first }
        merged.rereadings = first.rereadings.appendingNew([.script] + second.rereadings)
        return merged
    }

    /// The page read again by ``engine`` in `languages`; `nil`, said through ``logger``, when the
    /// engine does not read them.
    private func read(_ bitmap: Bitmap, in languages: [String], options: RecognitionOptions) async throws -> Page? {
        var chosen = options
        chosen.languages = languages
        guard (try? engine.checkSupport(of: chosen)) != nil else {
            logger.warning("\(bitmap.image): text in \(languages.joined(separator: "+")), which \(engine.info.name) does not read: the auto and tesseract engines read it")
            return nil
        }
        return try await engine.recognize(bitmap, options: chosen)
    }

    /// `page` with a warning (``OCRKit/PageWarning/Code/unreadText``) when it kept at most one
    /// letter or digit while its image holds marks as text does (``OCRKit/Bitmap/holdsMarks``: a
    /// line of Hindi that Tesseract's English reads as nothing at all, or as a comma): an empty
    /// page must not pass for a blank one.
    static func warningOfUnreadText(_ page: Page, in bitmap: Bitmap) -> Page {
        guard readsNothing(of: page, in: bitmap) else { return page }
        var page = page
        page.warnings.append(PageWarning(.unreadText, reason: "the page holds text, but no reading of it in an installed language "
            + "was sure enough to keep (see `ocr doctor` for the languages installed, or give --lang)"))
        return page
    }

    /// Whether `page` kept at most one letter or digit of an image that holds marks as text does
    /// (``OCRKit/Bitmap/holdsMarks``).
    static func readsNothing(of page: Page, in bitmap: Bitmap) -> Bool {
        page.text.count { $0.isLetter || $0.isNumber } <= 1 && bitmap.holdsMarks
    }

    /// A reading of fewer letters than this is short: too short for the script detector, which
    /// needs 50 characters, and for its confidence to tell its script (a line of Ukrainian whose
    /// Назва PP-OCR read as Ha3Ba, 0.97 sure).
    static let shortText = 50

    /// Whether `page` read fewer letters than ``shortText`` and some of its words are not shaped
    /// as words (``OCRKit/ScriptLegibility/isShapedAsAWord(_:)``: `Ha3Ba`, `KOHBepT`), as the
    /// look-alikes of another script's letters are: such a reading's script is told by reading
    /// it in each script (``ScriptContest``), however sure it is. A short English label read
    /// surely is not, which would cost it a contest.
    static func isShortWithLookAlikes(_ page: Page) -> Bool {
        page.text.count(where: \.isLetter) < shortText
            && page.lines.contains { $0.readings.contains { !ScriptLegibility.isShapedAsAWord($0.text) } }
    }

    /// A line whose words are at least this likely right (its engine's calibration) is likely
    /// right.
    static let likelyLine = 0.5

    /// A page with at least this share of its letters in likely lines (``likelyShare(of:)``) is
    /// likely read in the right script: half, which an English street photo's readings reach.
    static let likelyPage = 0.5

    /// The share of `page`'s letters in lines likely right (``likelyLine``); 0 for a page without.
    static func likelyShare(of page: Page) -> Double {
        let calibration = ConfidenceCalibration(of: page.engine)
        var letters = 0, likely = 0
        for line in page.lines {
            let count = line.text.filter(\.isLetter).count
            letters += count
            if calibration.probability(of: [line]) >= likelyLine { likely += count }
        }
        return letters == 0 ? 0 : Double(likely) / Double(letters)
    }

    /// How sure ``detector`` must be of a script no installed language reads for a doubtful page
    /// to be taken as written in it.
    public static let missingScriptConfidence = 0.2

    /// The script ``detector`` finds on a doubtful page, when no installed language reads it and
    /// the detector is sure (``missingScriptConfidence``): the detector names a package to
    /// install, and never chooses the language a page is read in.
    private func missingScript(on bitmap: Bitmap) async throws -> Script? {
        guard let found = try await detector.script(of: bitmap), found.script != .latin,
              found.confidence >= Self.missingScriptConfidence, found.script.language(among: installedLanguages) == nil else { return nil }
        return found.script
    }

    /// Whether most of what a reading read runs up or down the image: lines of three characters
    /// or more taller than they are wide, as PP-OCR finds a page turned a quarter.
    func isSideways(_ page: Page) -> Bool {
        let lines = page.lines.filter { $0.text.count >= 3 }
        let sideways = lines.filter { $0.box.height > $0.box.width }
        return sideways.map(\.text.count).reduce(0, +) * 2 > lines.map(\.text.count).reduce(0, +)
    }

    /// The text of the words `page` read surely (``Doubt/sureConfidence``), a space apart: what says
    /// the page is in letters PP-OCR reads (Han, kana, Greek), rather than the few a photo's
    /// textures are read as.
    static func sureText(of page: Page, doubt: Doubt) -> String {
        page.lines.flatMap(\.readings).filter { $0.confidence >= doubt.sureConfidence }.map(\.text).joined(separator: " ")
    }

    /// The script of most of `text`'s letters; Japanese where there is kana among Han.
    static func script(of text: String) -> Script? {
        let script = Script(of: text)
        guard script == .han else { return script }
        let kana = text.filter { Script($0) == .kana }.count, han = text.filter { Script($0) == .han }.count
        return kana * 10 >= han ? .kana : .han
    }
}
