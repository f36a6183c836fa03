import Foundation
import OCRKit
import OCRKitBench
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract
import OCRKitTestSupport
import Testing

private let printed = PrintedLines()
private func print(_ items: Any..., separator: String = " ") { printed.print(items, separator: separator) }

/// The examples of languages and scripts, run as written; on threads of their own, since they
/// render with Noto's fonts and wear pages, which keeps a core busy for seconds.
@Suite(.enabled(if: samplesAreHere, "runs from the package's folder, where Samples/ is"), .onThreadsOfTheirOwn, .heavy)
struct LanguageExamples {
    /// A page of Russian, from GLib's translations.
    static func russianPage() throws -> Bitmap {
        try TextRenderer.renderPage(TranslatedLines.lines(in: "rus", count: 3).map { ($0, "Noto Sans 12") })
    }

    @Test func script() throws {
        // Example from Sources/OCRKit/Languages/Script.swift
        let script = Script(of: "Москва")           // .cyrillic
        print(script?.defaultLanguage ?? "-")       // "rus"
        print(Script.han.spacesBetweenWords)        // false: 北京 is not 北 京

        #expect(script == .cyrillic)
        #expect(printed.lines.suffix(2) == ["rus", "false"])
    }

    @Test func scriptOfCharacters() throws {
        // Example from Sources/OCRKit/Languages/Script+Characters.swift
        let letter = Script("ж")    // .cyrillic
        let digit = Script("7")     // nil

        #expect(letter == .cyrillic && digit == nil)

        // Example from Sources/OCRKit/Languages/Script+Characters.swift
        let address = Script(of: "Tel. +7 495 Москва")   // .cyrillic: six Cyrillic letters against three Latin

        #expect(address == .cyrillic)

        // Example from Sources/OCRKit/Languages/Script+Characters.swift
        print(Script.joinsWithoutSpace("京", "市"))   // true
        print(Script.joinsWithoutSpace("京", "3"))    // true: 第3章
        print(Script.joinsWithoutSpace("a", "b"))     // false

        #expect(printed.lines.suffix(3) == ["true", "true", "false"])
    }

    @Test func language() throws {
        // Example from Sources/OCRKit/Languages/Language.swift
        let russian = Language("rus")
        print(russian.scripts)    // [.cyrillic]
        print(russian.package)    // "tesseract-ocr-rus"
        print(Language("chi_sim").package)   // "tesseract-ocr-chi-sim"

        #expect(printed.lines.suffix(2) == ["tesseract-ocr-rus", "tesseract-ocr-chi-sim"])

        // Example from Sources/OCRKit/Languages/Language.swift
        let reader = Script.cyrillic.language(among: ["eng", "ukr"])   // "ukr"

        #expect(reader == "ukr")

        // Example from Sources/OCRKit/Languages/Language.swift
        let cyrillic = Script.cyrillic.languages(among: ["ukr", "eng", "rus"])   // ["rus", "ukr"]

        #expect(cyrillic == ["rus", "ukr"])

        // Example from Sources/OCRKit/Languages/Language.swift
        let readers = Script.cyrillic.readingLanguages(among: ["bel", "eng", "rus", "ukr"])   // ["rus", "ukr", "bel"]

        #expect(readers == ["rus", "ukr", "bel"])
        #expect(Script.cyrillic.readingLanguages(among: ["aze_cyrl", "bel", "bul", "eng", "kaz", "rus", "ukr"]) == ["rus", "ukr", "kaz"],
                "the most read first, where code order had put Azerbaijani's and Belarusian's beside Russian's")
        #expect(Script.hebrew.readingLanguages(among: ["eng", "rus"]).isEmpty)
    }

    @Test func missingLanguage() throws {
        var page = Page(image: "letter.png", width: 1, height: 1, engine: EngineInfo(name: "tesseract", version: "5"), lines: [])
        page.missingLanguages = [MissingLanguage(script: .hebrew)]

        // Example from Sources/OCRKit/Languages/MissingLanguage.swift
        for missing in page.missingLanguages {
            print("\(missing.script.name) text: apt-get install \(missing.package)")
        }

        #expect(printed.lines.last == "Hebrew text: apt-get install tesseract-ocr-heb")
    }

    @Test func scriptDetector() async throws {
        let bitmap = try Self.russianPage()

        // Example from Sources/OCRKit/Engine/ScriptDetector.swift
        let detector = try TesseractScriptDetector()
        if let found = try await detector.script(of: bitmap), found.confidence > 0.5 {
            print(found.script.name)   // "Cyrillic"
        }

        #expect(printed.lines.last == "Cyrillic")
    }

    @Test func tesseractScriptDetector() async throws {
        let bitmap = try Self.russianPage()

        // Example from Sources/OCRKitTesseract/TesseractScriptDetector.swift
        let detector = try TesseractScriptDetector()
        if let found = try await detector.script(of: bitmap) {
            print(found.script, found.confidence)   // cyrillic 0.93
        }

        #expect(printed.lines.last?.hasPrefix("cyrillic ") == true)
    }

    @Test func scriptAwareEngine() async throws {
        let bitmap = try Self.russianPage()

        // Example from Sources/OCRKitEngines/ScriptAwareEngine.swift
        let engine = try EngineSettings(.auto).pageEngine()     // a ScriptAwareEngine
        let page = try await engine.read(bitmap)                // no languages: found by script
        print(page.languages, page.missingLanguages.map(\.package))   // ["rus", "ukr"] [], where both are installed

        #expect(engine is ScriptAwareEngine)
        #expect(page.languages.first == "rus")
        #expect(page.missingLanguages.isEmpty)
    }

    @Test func doubt() async throws {
        let bitmap = try Self.russianPage()

        // Example from Sources/OCRKitEngines/ScriptAwareEngine+Doubt.swift
        let tesseract = try TesseractEngine()
        var engine = ScriptAwareEngine(engine: tesseract, installedLanguages: tesseract.installedLanguages, reader: tesseract,
                                       detector: try TesseractScriptDetector(), doubt: .tesseract)
        engine.doubt.unreadInk = 0.8                // photos with pictures in: leave their ink be
        let page = try await engine.read(bitmap)    // a Russian page, doubtful in English: read in Russian

        #expect(engine.doubt == ScriptAwareEngine.Doubt(sureConfidence: 0.9, sureShare: 0.15, unreadInk: 0.8))
        #expect(page.languages.first == "rus", "\(page.text)")
    }

    @Test func languageBenchmark() async throws {
        // Example from Sources/OCRKitBench/LanguageBenchmark.swift
        var benchmark = LanguageBenchmark(ocr: ".build-release/release/ocr")
        benchmark.languages = ["rus"]
        benchmark.pieces = [.lines]
        benchmark.source = .names
        benchmark.piecesPerLanguage = 2
        // The tests' own build, rather than the release build the example names.
        benchmark.ocr = BuiltProducts.ocr
        try await benchmark.run { print($0) }

        let rows = printed.lines.filter { $0.hasPrefix("rus ") }
        #expect(printed.lines.contains { $0.hasPrefix("2 single lines a language from iso-codes") }, "\(printed.lines)")
        #expect(rows.count == 1, "\(printed.lines)")
        #expect(rows.allSatisfy { $0.contains("x tesseract's") && $0.contains("rus") })
    }

    @Test func wear() throws {
        // Example from Sources/OCRKitEvaluation/Bitmap+Wear.swift
        let scanned = try TextRenderer.render("Москва").worn(seed: 7)

        let clean = try TextRenderer.render("Москва")
        #expect(scanned.width == clean.width && scanned.pixels != clean.pixels)
        #expect(try TextRenderer.render("Москва").worn(seed: 7).pixels == scanned.pixels, "the same seed wears the same")
    }

    @Test func gettextCatalog() throws {
        // Example from Sources/OCRKitEvaluation/GettextCatalog.swift
        let catalog = try GettextCatalog(contentsOf: "/usr/share/locale/ru/LC_MESSAGES/glib20.mo")
        print(catalog.translations.count)   // every message with a translation, in the file's order

        #expect(catalog.translations.count > 500)
        #expect(catalog.translations.contains { Script(of: $0.translation) == .cyrillic })
    }

    @Test func translatedLines() throws {
        // Example from Sources/OCRKitEvaluation/TranslatedLines.swift
        let russian = try TranslatedLines.lines(in: "rus", count: 8)
        print(russian[0])   // a sentence of GLib's, in Russian
        let fields = try TranslatedLines.fields(in: "rus", count: 4, from: .names)
        print(fields[0])    // a country's, a language's or a currency's name of two words or more

        #expect(fields.allSatisfy { Script(of: $0) == .cyrillic && (2...5).contains($0.split(separator: " ").count) }, "\(fields)")
        #expect(Set(fields).isDisjoint(with: try TranslatedLines.fields(in: "rus", count: 40)), "the sources are apart")
        #expect(try TranslatedLines.lines(in: "eng", count: 4, from: .names).allSatisfy { Script(of: $0) == .latin },
                "English names are iso-codes' originals")
        #expect(russian.count == 8 && Set(russian).count == 8)
        #expect(russian.allSatisfy { Script(of: $0) == .cyrillic && (12...40).contains($0.count) })
        #expect(try TranslatedLines.lines(in: "rus", count: 8) == russian, "the same lines every time")
    }

    @Test func legibility() async throws {
        let bitmap = try TextRenderer.renderPage([("Москва, Тверская улица", "Noto Sans 12")])
        let engine = try TesseractEngine(configuration: TesseractConfiguration(jobs: 1))
        let first = try await engine.read(bitmap, options: RecognitionOptions(languages: ["eng"]))
        let second = try await engine.read(bitmap, options: RecognitionOptions(languages: ["rus"]))
        // Example from Sources/OCRKit/Model/Page+Legibility.swift
        let kept = second.legibility >= first.legibility ? second : first

        #expect(kept.text == "Москва, Тверская улица", "read in Russian, the page reads more, more confidently")
    }

    @Test func likeliestLanguage() {
        // Example from Sources/OCRKit/Languages/Language+Letters.swift
        let language = Language.likeliest(for: "Größe ändern: Bitte wählen Sie", among: ["eng", "deu", "fra"])   // "deu"

        #expect(language == "deu")
    }

    @Test func renderedPage() throws {
        // Example from Sources/OCRKitImages/TextRenderer.swift
        let page = try TextRenderer.renderPage([("Москва", "Noto Sans 12"), ("東京", "Noto Sans CJK JP 12")])

        #expect(page.resolution == 300)
        #expect(page.height > 2 * (try TextRenderer.render("Москва", margin: 0)).height)
    }
}

/// The examples of reading a piece of a page in several scripts, run as written on a line of
/// Hindi rendered at test time.
@Suite(.enabled(if: samplesAreHere, "runs from the package's folder, where Samples/ is"), .onThreadsOfTheirOwn, .heavy)
struct ScriptReadingExamples {
    static func hindiLine() throws -> Bitmap {
        try TextRenderer.render(TranslatedLines.lines(in: "hin", count: 1)[0], font: TranslatedLines.font(for: "hin"), margin: 12)
    }

    @Test func tesseractReadsLines() async throws {
        let bitmap = try Self.hindiLine()
        let tesseract = try TesseractEngine(configuration: TesseractConfiguration(jobs: 1))

        // Example from Sources/OCRKitTesseract/TesseractEngine+Lines.swift
        let whole = Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)).quad
        let lines = try await tesseract.recognizeLines(along: [whole], in: bitmap, options: RecognitionOptions(languages: ["hin"]))

        #expect(Script(of: try #require(lines.first??.text)) == .devanagari)
    }

    @Test func scriptLegibility() async throws {
        let bitmap = try Self.hindiLine()
        let tesseract = try TesseractEngine(configuration: TesseractConfiguration(jobs: 1))
        let english = try await tesseract.read(bitmap, options: RecognitionOptions(languages: ["eng"]))
        let inHindi = try await tesseract.read(bitmap, options: RecognitionOptions(languages: ["hin"]))

        // Example from Sources/OCRKit/Languages/ScriptLegibility.swift
        let latin = ScriptLegibility.legibility(of: english.lines, in: .latin, calibration: .tesseract)
        let hindi = ScriptLegibility.legibility(of: inHindi.lines, in: .devanagari, calibration: .tesseract)
        let kept = ScriptLegibility.isClearlyMoreLegible(hindi, than: latin) ? inHindi : english

        #expect(kept.languages == ["hin"], "English \(latin), Hindi \(hindi)")
    }

    @Test func scriptContest() async throws {
        let bitmap = try Self.hindiLine()
        let tesseract = try TesseractEngine(configuration: TesseractConfiguration(jobs: 1))
        let englishReading = try await tesseract.read(bitmap, options: RecognitionOptions(languages: ["eng"]))

        // Example from Sources/OCRKitEngines/ScriptContest.swift
        let contest = ScriptContest(first: englishReading, in: bitmap, reader: tesseract,
                                    installedLanguages: tesseract.installedLanguages, sureConfidence: 0.95)
        if let script = try await contest.winner() { print(script.name) }   // "Devanagari"

        #expect(printed.lines.contains("Devanagari"))
    }
}
