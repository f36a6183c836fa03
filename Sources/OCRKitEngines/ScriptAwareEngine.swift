import Logging
import OCRKit

/// Reads each page in a language of its own script when none is given, and each line of another
/// script in one of that line's: the default of every engine ``EngineSettings`` makes, so that a
/// Russian page does not come back as commas because nobody said it was Russian.
///
/// With languages given (``OCRKit/RecognitionOptions/languages``), the engine reads as asked.
/// Without, the page's script is found (``OCRKit/ScriptDetector``), and the page is read in the
/// installed language of that script that ``OCRKit/Script/language(among:)`` chooses (Russian for
/// Cyrillic; a documented table: ``OCRKit/Script/defaultLanguage``), which `auto` reads with
/// PP-OCR and Tesseract where PP-OCR reads the script (Latin, Greek, Han, kana) and with Tesseract
/// alone where it does not. Then each line read with little confidence has its own script found:
/// one in another script is read again by Tesseract in a language of that. A script no installed
/// language reads is named on the page (``OCRKit/Page/missingLanguages``), with the package
/// that brings one.
///
/// ```swift
/// let engine = try EngineSettings(.auto).pageEngine()     // a ScriptAwareEngine
/// let page = try await engine.read(bitmap)                // no languages: found by script
/// print(page.languages, page.missingLanguages.map(\.package))   // ["rus"] []
/// ```
public struct ScriptAwareEngine: OCREngine {
    /// The engine chosen to read pages: `auto`'s ``OCRKit/LineCombiningEngine``, PP-OCR, Tesseract.
    public let engine: any OCREngine
    /// Reads the lines of other scripts: Tesseract.
    public let lineReader: any OCREngine
    /// The languages ``lineReader`` and ``engine`` have data for (Tesseract's).
    public let installedLanguages: [String]
    public let detector: any ScriptDetector
    /// A line read with less confidence than this has its script checked.
    public var doubtfulLineConfidence = 0.75
    /// A line's script, found with less confidence than this, is not trusted over the page's.
    public var lineScriptConfidence = 0.3
    /// Where the engine says what it could not do: a script that `engine` does not read.
    public var logger: Logger

    public var info: EngineInfo { engine.info }

    public init(engine: any OCREngine, lineReader: any OCREngine, installedLanguages: [String], detector: any ScriptDetector,
                logger: Logger = Logger(label: "ocrkit")) {
        self.engine = engine
        self.lineReader = lineReader
        self.installedLanguages = installedLanguages
        self.detector = detector
        self.logger = logger
    }

    public func checkSupport(of options: RecognitionOptions) throws {
        try engine.checkSupport(of: options)
    }

    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        guard options.languages.isEmpty else { return try await engine.recognize(bitmap, options: options) }
        // Too little text to tell is read as Latin, the script of most such snippets (codes, prices).
        let script = try await detector.script(of: bitmap)?.script ?? .latin
        var chosen = options
        let language = script.language(among: installedLanguages)
        chosen.languages = [language ?? Script.latin.defaultLanguage]
        var page: Page
        if (try? engine.checkSupport(of: chosen)) != nil {
            page = try await engine.recognize(bitmap, options: chosen)
        } else {
            logger.warning("\(bitmap.image): \(script.name) text, which \(engine.info.name) does not read: read it with --engine auto or tesseract")
            page = try await engine.recognize(bitmap, options: options)
        }
        if language == nil { page.missingLanguages = [MissingLanguage(script: script)] }
        return try await readingOtherScripts(of: page, in: bitmap, pageScript: script, options: options)
    }

    /// `page` with each doubtful line whose own script is not the page's read again in a language
    /// of its script, when one is installed, and named among the missing when none is.
    private func readingOtherScripts(of page: Page, in bitmap: Bitmap, pageScript: Script, options: RecognitionOptions) async throws -> Page {
        var replacements: [Int: Line] = [:], missing = page.missingLanguages, languages = page.languages
        for (index, line) in page.lines.enumerated() where line.confidence < doubtfulLineConfidence {
            let pixels = line.box.scaled(width: Double(bitmap.width), height: Double(bitmap.height))
            let around = pixels.insetBy(dx: -pixels.height / 2, dy: -pixels.height / 4)
            guard let crop = bitmap.cropped(to: around),
                  let found = try await detector.script(of: crop), found.script != pageScript,
                  found.confidence >= lineScriptConfidence else { continue }
            guard let language = found.script.language(among: installedLanguages) else {
                if !missing.contains(where: { $0.script == found.script }) { missing.append(MissingLanguage(script: found.script)) }
                continue
            }
            var lineOptions = options
            lineOptions.languages = [language]
            lineOptions.regionOfInterest = around.scaled(width: 1 / Double(bitmap.width), height: 1 / Double(bitmap.height))
                .intersection(Rect(x: 0, y: 0, width: 1, height: 1))
            let read = try await lineReader.recognize(bitmap, options: lineOptions)
            guard read.lines.count >= 1 else { continue }
            replacements[index] = read.lines.count == 1 ? read.lines[0] : Line(joining: read.lines)
            if !languages.contains(language) { languages.append(language) }
        }
        var index = 0
        var settled = page.compactMapLines { line in
            defer { index += 1 }
            return replacements[index] ?? line
        }
        settled.languages = languages
        settled.missingLanguages = missing
        return settled
    }
}
