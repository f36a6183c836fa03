import Foundation
import Logging
import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages
import Synchronization
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Pages read without languages, in the languages of their scripts, by the engines `ocr` reads
/// with; translators' lines from Debian's gettext catalogues, rendered at test time (on threads
/// of their own: rendering with Noto's fonts keeps a core busy for seconds).
@Suite(.onThreadsOfTheirOwn, .heavy) struct ScriptAwareEngineTests {
    /// A page of `count` translated lines of each language, in turn, and its text.
    static func page(_ languages: [String], count: Int = 2) throws -> (bitmap: Bitmap, truth: [String]) {
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = [], truth: [String] = [], top = 60
        for language in languages {
            for text in try TranslatedLines.lines(in: language, count: count) {
                let line = try TextRenderer.render(text, font: TranslatedLines.font(for: language), margin: 0)
                parts.append((line, 80, top))
                truth.append(text)
                top += line.height + 70
            }
        }
        var page = Bitmap.page(width: 2000, height: top + 60, placing: parts)
        page.image = languages.joined(separator: "+") + ".png"
        return (page, truth)
    }

    static func errorRate(_ page: Page, _ truth: [String]) -> Double {
        var rate = CharacterErrorRate()
        rate.add(reading: page.lines.map(\.text).joined(separator: "\n"), truth: truth.joined(separator: "\n"))
        return rate.rate
    }

    @Test func aRussianPageWithoutLanguagesIsReadInRussianByTesseract() async throws {
        let (bitmap, truth) = try Self.page(["rus"], count: 3)
        let page = try await SharedEngines.page(.auto).read(bitmap)
        #expect(page.engine.name == "tesseract")
        #expect(page.languages == ["rus", "ukr"], "Russian, and the other language of its script installed")
        #expect(page.missingLanguages.isEmpty)
        #expect(Self.errorRate(page, truth) < 0.03, "\(page.text)")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func aChinesePageWithoutLanguagesIsReadByBothEnginesInChinese() async throws {
        let (bitmap, truth) = try Self.page(["chi_sim"], count: 3)
        let page = try await SharedEngines.page(.auto).read(bitmap)
        #expect(page.languages == ["chi_sim"])
        #expect(Self.errorRate(page, truth) < 0.05, "\(page.text)")
    }

    /// An English page quoting a line of Russian: each line read in its own script.
    @Test func eachLineOfAPageOfTwoScriptsIsReadInItsOwn() async throws {
        let (bitmap, truth) = try Self.page(["eng", "rus"])
        let page = try await SharedEngines.page(.auto).read(bitmap)
        #expect(page.languages.contains("eng") && page.languages.contains("rus"), "\(page.languages)")
        #expect(Self.errorRate(page, truth) < 0.05, "\(page.text)")
        #expect(page.lines.count == truth.count)
    }

    /// A page of `ocr bench languages`: 20 lines of a language's strings from the `count`-th
    /// on, worn where `worn`.
    static func benchPage(_ language: String, from start: Int, worn: Bool) throws -> (bitmap: Bitmap, truth: [String]) {
        let truth = Array(try TranslatedLines.lines(in: language, count: start + 20).dropFirst(start))
        var bitmap = try TextRenderer.renderPage(truth.map { ($0, TranslatedLines.font(for: language)) })
        if worn { bitmap = bitmap.worn(seed: 2027) }
        bitmap.image = "\(language)-page.png"
        return (bitmap, truth)
    }

    /// A page of Korean, of which PP-OCR keeps a few syllables' pieces as Latin letters, none
    /// surely, and leaves most of the ink unread: the page itself is read in each script, for it
    /// holds marks as text does. It came back as `XK`, `E` and `2`, in English.
    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func aKoreanPageWithoutLanguagesIsReadInKorean() async throws {
        let (bitmap, truth) = try Self.benchPage("kor", from: 0, worn: false)
        let page = try await SharedEngines.page(.auto).read(bitmap)
        #expect(page.languages == ["kor"], "\(page.text)")
        #expect(Self.errorRate(page, truth) < 0.05, "\(page.text)")
    }

    /// A worn page of Russian with a few Latin words, which PP-OCR reads surely in English: the
    /// page is read in Cyrillic, its lines in their order. They had gone in among the English
    /// reading's lines, out of order.
    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func aRussianPageReadInCyrillicKeepsItsLinesInOrder() async throws {
        let (bitmap, truth) = try Self.benchPage("rus", from: 20, worn: true)
        let page = try await SharedEngines.page(.auto).read(bitmap)
        #expect(page.languages.first == "rus", "\(page.languages)")
        try #require(page.lines.count == truth.count, "\(page.text)")
        for (line, truth) in zip(page.lines, truth) {
            #expect(ScriptContestTests.errorRate(line.text, truth) < 0.3, "\(line.text) for \(truth)")
        }
    }

    /// A page `auto` reads with Tesseract alone (a language PP-OCR does not read) is judged by
    /// Tesseract's doubt: read well, its orientation is not sought. Judged by PP-OCR's, every
    /// such page had been, at the cost of a second reading.
    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func aPageAutoReadsWithTesseractAloneIsJudgedAsTesseractsOwn() async throws {
        let settings = EngineSettings(.auto, jobs: 1)
        let auto = try #require(try settings.pageEngine() as? ScriptAwareEngine)
        let orientations = Counted(try TesseractOrientationDetector(configuration: TesseractConfiguration(jobs: 1)))
        let engine = ScriptAwareEngine(engine: auto.engine, installedLanguages: auto.installedLanguages, reader: auto.reader,
                                       detector: auto.detector, orientationDetector: orientations, doubt: auto.doubt)
        let (bitmap, truth) = try Self.page(["heb"], count: 4)
        let page = try await engine.read(bitmap, options: RecognitionOptions(languages: ["heb"]))
        #expect(page.engine.name == "tesseract")
        #expect(Self.errorRate(page, truth) < 0.05, "\(page.text)")
        #expect(orientations.calls == 0)
    }

    /// Without languages, a page's letters say which of its script's languages it is in: German's
    /// ä, ö, ü and ß, as PP-OCR reads them (Tesseract's English reads `Größe` as `GroBe`);
    /// Ukrainian's і and є, which Russian does not write.
    @Test(arguments: [("deu", EngineChoice.auto), ("ukr", .tesseract)])
    func aPagesLettersSayItsLanguage(language: String, choice: EngineChoice) async throws {
        try #require(choice != .auto || InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason)
        let (bitmap, truth) = try Self.page([language], count: 8)
        let page = try await SharedEngines.page(choice).read(bitmap)
        #expect(page.languages == [language], "\(page.text)")
        #expect(Self.errorRate(page, truth) < 0.03, "\(page.text)")
    }

    /// A receipt Tesseract reads well in English costs no more: neither its orientation nor its
    /// script is sought, which took 4 times its reading's time (Tesseract is less sure of a
    /// receipt it reads right than PP-OCR is: ``ScriptAwareEngine/Doubt/tesseract``). A page of
    /// Russian, read in English, is doubtful, and has both sought.
    @Test func onlyADoubtfulReadingHasItsOrientationAndScriptSought() async throws {
        let (engine, scripts, orientations) = try Self.tesseractCountingDetections()
        let receipt = try await ImageLoader().decode(contentsOf: SharedData.packageRoot.appendingPathComponent("Samples/receipt.jpg").path)
        let read = try await engine.read(receipt)
        #expect(read.text.contains("TOTAL"), "\(read.text)")
        #expect(scripts.calls == 0 && orientations.calls == 0)

        let page = try await engine.read(Self.page(["rus"], count: 3).bitmap)
        #expect(page.languages.first == "rus")
        #expect(scripts.calls == 1 && orientations.calls == 1)
    }

    /// Receipts of the held-out half of ../shared/datasets' (the limits were chosen on the first),
    /// which Tesseract reads at 0.5 to 0.9 in English: none is doubtful.
    @Test(.enabled(if: SharedData.isAvailable("sroie"), SharedData.missingReason))
    func receiptsReadByTesseractAreNotDoubtful() async throws {
        let (engine, scripts, orientations) = try Self.tesseractCountingDetections()
        for number in 50..<58 {
            let path = SharedData.datasets.appendingPathComponent("sroie/data/img/0\(number).jpg").path
            let page = try await engine.read(ImageLoader().decode(contentsOf: path))
            #expect(page.languages == ["eng"], "\(path)")
        }
        #expect(orientations.calls == 0 && scripts.calls == 0)
    }

    /// Tesseract reading as `ocr read --engine tesseract` does, its detectors counted.
    static func tesseractCountingDetections() throws
        -> (ScriptAwareEngine, Counted<TesseractScriptDetector>, Counted<TesseractOrientationDetector>) {
        let configuration = TesseractConfiguration(jobs: 1)
        let tesseract = try TesseractEngine(configuration: configuration)
        let scripts = Counted(try TesseractScriptDetector(configuration: configuration))
        let orientations = Counted(try TesseractOrientationDetector(configuration: configuration))
        let engine = ScriptAwareEngine(engine: tesseract, installedLanguages: tesseract.installedLanguages, reader: tesseract, detector: scripts,
                                       orientationDetector: orientations, doubt: .tesseract)
        return (engine, scripts, orientations)
    }

    /// A detector that counts the images it is asked about.
    final class Counted<Detector: Sendable>: Sendable {
        let detector: Detector
        private let count = Mutex(0)
        var calls: Int { count.withLock { $0 } }

        init(_ detector: Detector) {
            self.detector = detector
        }

        func counting() {
            count.withLock { $0 += 1 }
        }
    }

    /// Where no installed language reads a script, the page says so, with the package.
    @Test func aScriptWithoutALanguageIsNamedOnThePage() async throws {
        let (bitmap, _) = try Self.page(["heb"])
        let tesseract = try TesseractEngine(configuration: TesseractConfiguration(jobs: 1))
        let engine = ScriptAwareEngine(engine: tesseract, installedLanguages: tesseract.installedLanguages.filter { $0 != "heb" }, reader: tesseract,
                                       detector: try TesseractScriptDetector(configuration: TesseractConfiguration(jobs: 1)),
                                       doubt: .tesseract)
        let page = try await engine.read(bitmap)
        #expect(page.missingLanguages == [MissingLanguage(script: .hebrew)])
        #expect(page.missingLanguages.first?.package == "tesseract-ocr-heb")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func aLatinLanguageGivenIsReadByBothEngines() async throws {
        let (bitmap, truth) = try Self.page(["deu"], count: 3)
        let page = try await SharedEngines.page(.auto).read(bitmap, options: RecognitionOptions(languages: ["deu"]))
        #expect(page.engine.name == "auto")
        #expect(page.languages == ["deu"])
        #expect(Self.errorRate(page, truth) < 0.03, "\(page.text)")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func ppocrRefusesALanguageOfAnotherScriptSayingWhatReadsIt() throws {
        let engine = try SharedEngines.page(.ppocr)
        let error = try #require(throws: OCRError.self) { try engine.validate(RecognitionOptions(languages: ["rus"])) }
        #expect(error.reason.contains("reads the Latin, Han and Japanese kana scripts, not rus (Cyrillic)"), "\(error)")
        #expect(error.reason.contains("--engine auto"))
        try engine.validate(RecognitionOptions(languages: ["fra"]))
    }

    @Test func autoNamesTheTesseractPackageOfALanguageNotInstalled() throws {
        let engine = try SharedEngines.page(.auto)
        let error = try #require(throws: OCRError.self) { try engine.validate(RecognitionOptions(languages: ["xho_test"])) }
        #expect(error.reason.contains("apt-get install tesseract-ocr-xho-test"), "\(error)")
    }
}

extension ScriptAwareEngineTests.Counted: ScriptDetector where Detector: ScriptDetector {
    func script(of bitmap: Bitmap) async throws -> ScriptDetection? {
        counting()
        return try await detector.script(of: bitmap)
    }
}

extension ScriptAwareEngineTests.Counted: OrientationDetector where Detector: OrientationDetector {
    func orientation(of bitmap: Bitmap) async throws -> TextOrientation? {
        counting()
        return try await detector.orientation(of: bitmap)
    }
}
