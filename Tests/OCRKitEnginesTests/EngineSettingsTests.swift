import Foundation
import OCRKit
import OCRKitEngines
import OCRKitImages
import OCRKitTestSupport
import Testing

/// The engines and policies `ocr` uses, built from the library: on real engines and rendered text.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason), .heavy)
struct EngineSettingsTests {
    let folder: TemporaryFolder
    let scan: String
    let text = "Invoice 2024-117 for Ada Lovelace"

    init() throws {
        folder = try TemporaryFolder()
        scan = folder.file("scan.png")
        try ImageWriter.write(try TextRenderer.render(text, font: "DejaVu Sans 14", margin: 40), to: scan)
    }

    @Test func autoCombinesPPOCRAndTesseract() throws {
        let log = WarningLog()
        let engine = try EngineSettings(.auto, jobs: 1, logger: log.logger).pageEngine()
        // Around it, the reading of pages in a language of their script.
        let combination = try #require((engine as? ScriptAwareEngine)?.engine as? LineCombiningEngine)
        #expect(combination.primary.engine.info.name == "ppocr" && combination.secondary.engine.info.name == "tesseract")
        #expect(log.messages.isEmpty)
    }

    @Test func autoWithoutPPOCRReadsWithTesseractAloneAndSaysWhy() async throws {
        let log = WarningLog()
        var settings = EngineSettings(.auto, jobs: 1, logger: log.logger)
        settings.models = folder.file("no-models")
        let engine = try settings.pageEngine()
        #expect(engine.info.name == "tesseract")
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("pages will be read by Tesseract alone") == true)
        #expect(log.messages.first?.contains("no-models") == true)
    }

    @Test func framesAreReadByPPOCRAndElseBySparseTesseract() throws {
        let log = WarningLog()
        var settings = EngineSettings(.auto, jobs: 1, logger: log.logger)
        #expect(try settings.frameEngine().info.name == "ppocr")
        #expect(try settings.frameEngine(reading: .han).info.name == "ppocr")
        #expect(try settings.frameEngine(reading: .cyrillic).info.name == "tesseract", "PP-OCR reads no Cyrillic")
        #expect(log.messages.isEmpty)
        settings.models = folder.file("no-models")
        #expect(try settings.frameEngine().info.name == "tesseract")
        #expect(log.messages.count == 1 && log.messages[0].hasPrefix("reading with Tesseract"))
        settings.choice = .ppocr
        #expect(throws: OCRError.self) { try settings.frameEngine() }
    }

    @Test func anEngineThatCannotBeHadIsAClearError() throws {
        var settings = EngineSettings(.ndlocr, jobs: 1)
        settings.models = folder.file("ndlocr-models")
        let error = try #require(throws: OCRError.self) { try settings.pageEngine() }
        #expect(error.description.contains("ndlocr-models"))
    }

    @Test func aReaderFromSettingsReadsAsOcrReadDoes() async throws {
        let reader = try PageReader(settings: EngineSettings(.tesseract, jobs: 1), order: .layout)
        #expect(reader.arranger != nil && reader.straightener == nil)
        let page = try await reader.read(scan)
        #expect(page.text == text)
        #expect(page.engine.name == "tesseract")
        // Asked to straighten a photo, a reader without a straightener says so rather than reading it as it is.
        await #expect(throws: OCRError.self) { try await reader.read(scan, options: RecognitionOptions(straightensPage: true)) }

        let straightening = try PageReader(settings: EngineSettings(.ppocr, jobs: 1), straightensPhotos: true)
        let photo = try await straightening.read(scan, options: RecognitionOptions(straightensPage: true))
        #expect(photo.straightening != nil)
        #expect(photo.engine.name == "ppocr" && photo.text.lowercased().contains("lovelace"))
    }

    @Test func everyChoiceSaysWhatItNeeds() {
        for choice in EngineChoice.allCases { #expect(!choice.summary.isEmpty) }
        #expect(EngineChoice(rawValue: "auto") == .auto)
    }
}
