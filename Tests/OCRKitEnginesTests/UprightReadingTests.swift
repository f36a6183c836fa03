import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Pages scanned sideways or upside down, read upright by default by the engines `ocr` reads
/// with: translators' English lines (Debian's gettext catalogues), rendered and turned at test
/// time.
@Suite(.onThreadsOfTheirOwn, .heavy) struct UprightReadingTests {
    /// A page of `count` lines of `language`, and its text.
    static func page(_ language: String = "eng", count: Int = 6) throws -> (bitmap: Bitmap, truth: [String]) {
        let truth = try TranslatedLines.lines(in: language, count: count)
        var bitmap = try TextRenderer.renderPage(truth.map { ($0, TranslatedLines.font(for: language)) })
        bitmap.image = "\(language).png"
        return (bitmap, truth)
    }

    static func errorRate(_ page: Page, _ truth: [String]) -> Double {
        var rate = CharacterErrorRate()
        rate.add(reading: page.lines.map(\.text).joined(separator: "\n"), truth: truth.joined(separator: "\n"))
        return rate.rate
    }

    /// Turned a quarter either way or upside down, by Tesseract and by `auto` (PP-OCR reads a page
    /// turned a quarter line by line, well, but not as a page).
    @Test(arguments: [EngineChoice.tesseract, .auto], [1, 2, 3])
    func aTurnedPageIsReadUprightAndSaysSo(choice: EngineChoice, turns: Int) async throws {
        try #require(choice != .auto || InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason)
        let (upright, truth) = try Self.page()
        let turned = upright.turned(clockwiseQuarterTurns: turns)
        let page = try await SharedEngines.page(choice).read(turned)
        let straightening = try #require(page.straightening, "not turned: \(page.text)")
        #expect(straightening.quarterTurns == 4 - turns)
        #expect(straightening.onlyTurns)
        #expect(straightening.imageWidth == turned.width && straightening.imageHeight == turned.height)
        #expect(page.width == upright.width && page.height == upright.height, "the boxes are the upright page's")
        #expect(Self.errorRate(page, truth) < 0.03, "\(page.text)")
        #expect(page.rereadings.first == .upright, "\(page.rereadings)")
    }

    /// Languages given or not, the page is turned; an upright page is not.
    @Test func languagesGivenStillTurnAndAnUprightPageIsLeftAlone() async throws {
        let (upright, truth) = try Self.page()
        let engine = try SharedEngines.page(.tesseract)
        let turned = try await engine.read(upright.turned(clockwiseQuarterTurns: 2), options: RecognitionOptions(languages: ["eng"]))
        #expect(turned.straightening?.quarterTurns == 2)
        #expect(Self.errorRate(turned, truth) < 0.03, "\(turned.text)")
        let unturned = try await engine.read(upright)
        #expect(unturned.straightening == nil)
        #expect(unturned.rereadings.isEmpty, "an English page read well the first time is its first reading")
    }

    /// Without languages, a page of another script upside down is read upright in its own
    /// language; an upright page of Thai, which orientation detection takes for upside down when
    /// it is read in English, is left as it is.
    @Test func pagesOfOtherScriptsAreTurnedOnlyWhenTheyReadWellSo() async throws {
        let engine = try SharedEngines.page(.tesseract)
        let (russian, truth) = try Self.page("rus")
        let turned = try await engine.read(russian.turned(clockwiseQuarterTurns: 2))
        #expect(turned.straightening?.quarterTurns == 2)
        #expect(turned.languages.contains("rus"), "\(turned.languages)")
        #expect(Self.errorRate(turned, truth) < 0.05, "\(turned.text)")
        #expect(turned.rereadings.starts(with: [.upright, .script]), "\(turned.rereadings)")
        let (thai, _) = try Self.page("tha", count: 8)
        let upright = try await engine.read(thai)
        #expect(upright.straightening == nil)
        #expect(upright.languages.contains("tha"), "\(upright.languages)")
    }

    /// A file read turned, through a reader that cannot straighten photos: its upright image can
    /// be had again all the same, for a PDF say.
    @Test func aTurnedFilesUprightImageIsMadeAgainWithoutAStraightener() async throws {
        let folder = try TemporaryFolder()
        let (upright, _) = try Self.page()
        let path = folder.file("sideways.png")
        try ImageWriter.write(upright.turned(clockwiseQuarterTurns: 1), to: path)
        let reader = try PageReader(settings: EngineSettings(.tesseract, jobs: 1))
        // Example from Sources/OCRKit/Model/Rereading.swift
        let page = try await reader.read(path)
        if page.rereadings.contains(.upright) { print("read again upright:", page.straightening!.quarterTurns) }
        #expect(page.straightening?.quarterTurns == 3)
        #expect(try Page(jsonData: page.jsonData()).rereadings == page.rereadings, "in the JSON")
        let image = try await reader.decoder.image(of: page, straightenedBy: nil)
        #expect(image.width == upright.width && image.height == upright.height)
        let samePixels = image.pixels == upright.pixels
        #expect(samePixels)
    }

    /// An engine of your own that turns pages records the turn as the page's straightening.
    @Test func aTurnIsRecordedAsThePagesStraightening() async throws {
        let (original, truth) = try Self.page()
        let bitmap = original.turned(clockwiseQuarterTurns: 3)
        let orientation = try #require(try await TesseractOrientationDetector().orientation(of: bitmap))
        let engine = try TesseractEngine()
        // Example from Sources/OCRKit/Model/Straightening+Turning.swift
        let upright = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
        var page = try await engine.read(upright)
        page.straightening = Straightening(turning: bitmap, by: orientation)

        #expect(page.straightening?.quarterTurns == 1 && page.straightening?.onlyTurns == true)
        #expect(Self.errorRate(page, truth) < 0.03, "\(page.text)")
    }
}
