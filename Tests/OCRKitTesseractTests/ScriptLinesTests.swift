import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Lines in other scripts (translators' sentences from Debian's gettext catalogues, rendered at
/// test time): Tesseract, reading pages as `ocr` does (``OCRKitEngines/TesseractPageEngine``), reads
/// each as its script writes it, and tells each script apart.
/// scripts/setup installs the language data and Noto's fonts these need. Rendering with Noto's
/// fonts keeps a core busy for seconds: on threads of their own.
@Suite(.onThreadsOfTheirOwn, .heavy) struct ScriptLinesTests {
    let engine: TesseractPageEngine

    init() throws {
        engine = TesseractPageEngine(try TesseractEngine(configuration: TesseractConfiguration(jobs: 2)))
    }

    /// A translated line of `language` rendered, and its text.
    static func line(_ language: String, _ index: Int = 0) throws -> (bitmap: Bitmap, truth: String) {
        let truth = try TranslatedLines.lines(in: language, count: index + 1)[index]
        var bitmap = try TextRenderer.render(truth, font: TranslatedLines.font(for: language))
        bitmap.image = "\(language)-\(index).png"
        return (bitmap, truth)
    }

    func read(_ language: String, _ index: Int) async throws -> (page: Page, truth: String) {
        let (bitmap, truth) = try Self.line(language, index)
        return (try await engine.read(bitmap, options: RecognitionOptions(languages: [language])), truth)
    }

    /// Chinese, Japanese and Thai come out without the spaces between the words Tesseract finds,
    /// as the tesseract command prints them: only a space the line has stays.
    @Test(arguments: ["chi_sim", "jpn", "tha"])
    func scriptsWrittenWithoutSpacesComeOutWithout(language: String) async throws {
        for index in 0..<3 {
            let (page, truth) = try await read(language, index)
            let text = page.text
            #expect(text.filter(\.isWhitespace).count <= truth.filter(\.isWhitespace).count, "\(text) for \(truth)")
            var rate = CharacterErrorRate()
            rate.add(reading: text, truth: truth)
            #expect(rate.rate < 0.15, "\(text) for \(truth)")
            // A word is what lies between spaces, in the words as in the text.
            #expect(page.lines.allSatisfy { $0.words.map(\.text).joined(separator: " ") == $0.text })
        }
    }

    /// A line alone in its image (``OCRKit/Bitmap/isOneLine``) is read as one line, as the
    /// tesseract command is with --psm 7: page segmentation broke lines of Korean into pieces out
    /// of order (6 of 12 in `ocr bench languages`) and read a worn line of Thai's wear as lines
    /// of text around it.
    @Test(arguments: [("kor", 1), ("kor", 9), ("tha", 9)])
    func aLineAloneIsReadAsOneLine(language: String, index: Int) async throws {
        var (label, truth) = try Self.line(language, index)
        label = label.worn(seed: 2026 + UInt64(index))
        #expect(label.isOneLine)
        // Example from Sources/OCRKitEngines/TesseractPageEngine.swift
        let engine = TesseractPageEngine(try TesseractEngine())
        let page = try await engine.read(label, options: RecognitionOptions(languages: [language]))   // an image of one line
        print(page.rereadings)   // [one-line] where Tesseract's page segmentation read it in pieces
        var rate = CharacterErrorRate()
        rate.add(reading: page.text, truth: truth)
        #expect(page.lines.count == 1 && rate.rate < 0.05, "\(page.text) for \(truth)")
        #expect(page.rereadings.isEmpty || page.rereadings == [.oneLine])
    }

    /// Korean keeps the spaces between its phrases, and gets no others. Read as lines:
    /// Tesseract's page segmentation breaks lines of Noto's Hangul into pieces (the tesseract
    /// command too), which is not what this checks.
    @Test func koreanKeepsItsSpaces() async throws {
        let lines = try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: .singleLine, jobs: 1))
        for index in 0..<3 {
            let (bitmap, truth) = try Self.line("kor", index)
            let page = try await lines.read(bitmap, options: RecognitionOptions(languages: ["kor"]))
            #expect(page.text.filter(\.isWhitespace).count == truth.filter(\.isWhitespace).count, "\(page.text) for \(truth)")
        }
    }

    /// A page of Korean read whole: Tesseract's page segmentation breaks it into pieces (the
    /// tesseract command's too), and the engine reads it again as one column. On a page of six
    /// lines spaced apart, as a form's or a slide's are, it dropped two as pictures and split the
    /// first: the ink it left unread has the page read again as one column.
    @Test(arguments: [false, true])
    func aPageOfKoreanIsReadInWholeLines(spacedApart: Bool) async throws {
        let truth = try TranslatedLines.lines(in: "kor", count: spacedApart ? 6 : 20)
        let font = TranslatedLines.font(for: "kor")
        let bitmap = if spacedApart {
            try Self.spacedPage(truth, font: font)
        } else {
            try TextRenderer.renderPage(truth.map { ($0, font) })
        }
        let page = try await engine.read(bitmap, options: RecognitionOptions(languages: ["kor"]))
        var rate = CharacterErrorRate()
        rate.add(reading: page.lines.map(\.text).joined(separator: "\n"), truth: truth.joined(separator: "\n"))
        #expect(rate.rate < 0.05, "\(page.text)")
        #expect(page.lines.count == truth.count)
        #expect(page.rereadings == [.oneColumn], "read again as one column, and it says so")
        // Tesseract alone reads it as its page segmentation finds it: in pieces, or lines dropped.
        let segmented = try await engine.tesseract.read(bitmap, options: RecognitionOptions(languages: ["kor"]))
        var segmentedRate = CharacterErrorRate()
        segmentedRate.add(reading: segmented.lines.map(\.text).joined(separator: "\n"), truth: truth.joined(separator: "\n"))
        #expect(segmented.rereadings.isEmpty && segmentedRate.rate > 0.2, "\(segmentedRate.rate)")
    }

    /// `lines` on a page 2000 pixels wide, 70 pixels apart.
    static func spacedPage(_ lines: [String], font: String) throws -> Bitmap {
        var parts: [(bitmap: Bitmap, x: Int, y: Int)] = [], top = 60
        for text in lines {
            let line = try TextRenderer.render(text, font: font, margin: 0)
            parts.append((line, 80, top))
            top += line.height + 70
        }
        return Bitmap.page(width: 2000, height: top + 60, placing: parts)
    }

    /// Arabic and Hebrew come out in logical order, the order they are read and typed: the first
    /// word of the text is the line's rightmost.
    @Test(arguments: ["ara", "heb"])
    func rightToLeftLinesComeOutInLogicalOrder(language: String) async throws {
        for index in 0..<3 {
            let (page, truth) = try await read(language, index)
            var rate = CharacterErrorRate()
            rate.add(reading: page.text, truth: truth)
            #expect(rate.rate < 0.15, "\(page.text) for \(truth)")
            let words = try #require(page.lines.first?.words)
            if words.count > 1 {
                #expect(words[0].box.minX > words[words.count - 1].box.minX, "\(page.text)")
            }
        }
    }

    /// Devanagari's vowel signs and Thai's marks stay on their letters.
    @Test(arguments: ["hin", "tha"])
    func combiningMarksAreKept(language: String) async throws {
        for index in 0..<3 {
            let (page, truth) = try await read(language, index)
            let marks = { (text: String) in text.unicodeScalars.filter { $0.properties.generalCategory == .nonspacingMark }.count }
            #expect(marks(page.text) >= marks(truth) * 3 / 4, "\(page.text) for \(truth)")
            #expect(!page.words.contains { $0.text.unicodeScalars.first?.properties.generalCategory == .nonspacingMark },
                    "no word begins with a mark: \(page.text)")
        }
    }

    /// Pages of three lines in each script.
    @Test(arguments: [("rus", Script.cyrillic), ("ell", .greek), ("ara", .arabic), ("heb", .hebrew), ("hin", .devanagari),
                      ("tha", .thai), ("kor", .hangul), ("jpn", .kana), ("chi_sim", .han), ("deu", .latin)])
    func scriptDetectionTellsAPagesScript(language: String, script: Script) async throws {
        let detector = try TesseractScriptDetector(configuration: TesseractConfiguration(jobs: 1))
        let lines = try TranslatedLines.lines(in: language, count: 3)
        let page = try TextRenderer.renderPage(lines.map { ($0, TranslatedLines.font(for: language)) })
        #expect(try await detector.script(of: page)?.script == script)
    }

    /// A single line of Russian, which detection alone takes for Latin, is told by reading it.
    /// (A line of Greek is not, yet: Tesseract doubts the Greek words it reads right.)
    @Test(arguments: [("rus", Script.cyrillic), ("ukr", .cyrillic), ("deu", .latin), ("eng", .latin)])
    func aLineOfLettersThatLookAlikeIsToldByReadingIt(language: String, script: Script) async throws {
        let detector = try TesseractScriptDetector(configuration: TesseractConfiguration(jobs: 1))
        for index in 0..<3 {
            #expect(try await detector.script(of: Self.line(language, index).bitmap)?.script == script)
        }
    }

    @Test func aLanguageNotInstalledIsNamedWithItsPackage() throws {
        let error = try #require(throws: OCRError.self) {
            try engine.validate(RecognitionOptions(languages: ["eng", "xho_test"]))
        }
        #expect(error.code == .invalidOption)
        #expect(error.reason.hasPrefix("the Tesseract language xho_test is not installed: apt-get install tesseract-ocr-xho-test (installed in "))
    }
}
