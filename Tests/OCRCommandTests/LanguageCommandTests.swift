import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Testing

/// `ocr read` in other scripts, as a user runs it: pages of translators' sentences (Debian's
/// gettext catalogues) rendered at test time, written in every format and read back with a
/// parser or pdftotext. scripts/setup installs the languages and fonts. Rendering with Noto's fonts
/// keeps a core busy for seconds: on threads of their own.
@Suite(.onThreadsOfTheirOwn, .heavy) struct LanguageCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A page of three lines of `language`, and its lines.
    func page(_ language: String, count: Int = 3) throws -> (path: String, truth: [String]) {
        let truth = try TranslatedLines.lines(in: language, count: count)
        let path = folder.file("\(language).png")
        try ImageWriter.write(try TextRenderer.renderPage(truth.map { ($0, TranslatedLines.font(for: language)) }), to: path)
        return (path, truth)
    }

    static func errorRate(_ reading: String, _ truth: String) -> Double {
        var rate = CharacterErrorRate()
        rate.add(reading: reading, truth: truth)
        return rate.rate
    }

    /// pdftotext marks a right-to-left line with embedding controls (U+202B ... U+202C).
    static func withoutDirectionMarks(_ text: String) -> String {
        String(text.unicodeScalars.filter { !(0x200E...0x200F).contains($0.value) && !(0x202A...0x202E).contains($0.value) }
            .map(Character.init))
    }

    /// Each script's lines as it writes them, the same in text, JSON, hOCR, ALTO and the PDF's
    /// text layer: no spaces inside Chinese, Japanese and Thai, Arabic and Hebrew in logical
    /// order, Devanagari's marks on their letters.
    @Test(.enabled(if: hasPDFToText, PDFTools.missingReason), arguments: ["chi_sim", "jpn", "tha", "ara", "heb", "hin"])
    func eachScriptsLinesAreTheSameInEveryFormat(language: String) async throws {
        let (path, truth) = try page(language)
        func read(_ format: String) async throws -> CommandResult {
            // Tesseract alone: its words are what is put together here, and PP-OCR's models would
            // load in each of the thirty processes.
            let result = try await ocr(["read", path, "--lang", language, "--engine", "tesseract", "--format", format, "--jobs", "1"])
            #expect(result.status == 0, "\(format): \(result.errors)")
            return result
        }
        let page = try Page(jsonData: try await read("json").outputData)
        #expect(page.languages == [language])
        let lines = page.lines.map(\.text)
        #expect(Self.errorRate(lines.joined(separator: "\n"), truth.joined(separator: "\n")) < 0.1, "\(lines) for \(truth)")
        let script = try #require(Script(of: truth.joined()))
        if !script.spacesBetweenWords {
            #expect(zip(lines, truth).allSatisfy { $0.filter(\.isWhitespace).count <= $1.filter(\.isWhitespace).count }, "\(lines)")
        }
        #expect(page.lines.allSatisfy { $0.words.map(\.text).joined(separator: " ") == $0.text })
        #expect(try await read("text").output.split(separator: "\n").filter { !$0.isEmpty }.map(String.init) == lines)

        let hocr = try XMLDocument(data: try await read("hocr").outputData)
        let hocrLines = try hocr.nodes(forXPath: "//*[@class='ocr_line']").compactMap { $0 as? XMLElement }
        #expect(hocrLines.map { line in
            (try? line.nodes(forXPath: "*[@class='ocrx_word']"))?.compactMap(\.stringValue).joined(separator: " ") ?? ""
        } == lines)
        // A line of right-to-left letters says so; one of digits alone has no direction of its own.
        let directions = hocrLines.map { (try? $0.nodes(forXPath: "@dir"))?.first?.stringValue == "rtl" }
        #expect(directions == lines.map { Script(of: $0)?.isRightToLeft == true }, "\(lines)")
        #expect(directions.contains(true) == script.isRightToLeft)

        let alto = try XMLDocument(data: try await read("alto").outputData)
        let altoLines = try alto.nodes(forXPath: "//*[local-name()='TextLine']").compactMap { $0 as? XMLElement }
        #expect(altoLines.map { line in
            (try? line.nodes(forXPath: "*[local-name()='String']/@CONTENT"))?.compactMap(\.stringValue).joined(separator: " ") ?? ""
        } == lines)

        let pdf = folder.file("\(language).pdf")
        try await read("pdf").outputData.write(to: URL(fileURLWithPath: pdf))
        let layer = try pdfPages(pdf).joined(separator: "\n")
        let layerLines = Self.withoutDirectionMarks(layer).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(layerLines == lines, "the text layer reads back as printed")
    }

    @Test func aRussianPageWithoutLanguageIsReadInRussian() async throws {
        let (path, truth) = try page("rus")
        let result = try await ocr(["read", path, "--format", "json", "--jobs", "1"])
        #expect(result.status == 0, "\(result.errors)")
        let page = try Page(jsonData: result.outputData)
        #expect(page.languages.first == "rus")
        #expect(Self.errorRate(page.text, truth.joined(separator: "\n")) < 0.05, "\(page.text)")
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    /// With only English (and script detection) installed, a Hebrew page says what it holds and
    /// what reads it: once on standard error, and in the page's JSON.
    @Test func aScriptNoInstalledLanguageReadsIsSaid() async throws {
        let (path, _) = try page("heb")
        let result = try await ocr(["read", path, "--format", "json", "--jobs", "1"], environment: ["TESSDATA_PREFIX": try englishOnly()])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("\(path): Hebrew text, which no installed language reads"), "\(result.errors)")
        #expect(result.errors.contains("apt-get install tesseract-ocr-heb"), "\(result.errors)")
        #expect(try Page(jsonData: result.outputData).missingLanguages == [MissingLanguage(script: .hebrew)])
    }

    /// A folder of Tesseract data with English and script detection alone.
    func englishOnly() throws -> String {
        let data = folder.file("tessdata")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let installed = try #require(["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]
            .first { FileManager.default.fileExists(atPath: "\($0)/osd.traineddata") })
        for file in ["eng.traineddata", "osd.traineddata"] {
            try FileManager.default.createSymbolicLink(atPath: "\(data)/\(file)", withDestinationPath: "\(installed)/\(file)")
        }
        return data
    }

    /// Lines of Hindi, small, with English alone installed: never an empty answer with exit 0.
    /// The first line read as nothing (most are) says so on standard error and in its JSON, and
    /// the run fails; with Hindi installed, the same line is read, with no language given.
    @Test func anImageWhoseTextNothingReadsIsSaidAndFails() async throws {
        let data = try englishOnly()
        var unread = 0
        for (index, text) in try TranslatedLines.lines(in: "hin", count: 8).enumerated() where unread == 0 {
            let path = folder.file("hindi-\(index).png")
            try ImageWriter.write(try TextRenderer.render(text, font: "Noto Sans 7", margin: 16), to: path)
            let result = try await ocr(["read", path, "--format", "json", "--jobs", "1"], environment: ["TESSDATA_PREFIX": data])
            let page = try Page(jsonData: result.outputData)
            guard !page.text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            unread += 1
            #expect(result.status == 1, "\(path): \(result.errors)")
            #expect(result.errors.contains("\(path): the page holds text, but no reading of it"), "\(result.errors)")
            #expect(result.errors.contains("no text was read: every page came back empty"), "\(result.errors)")
            #expect(page.warnings.map(\.code) == [.unreadText])
            let read = try await ocr(["read", path, "--jobs", "1"])
            #expect(read.status == 0, "\(read.errors)")
            #expect(Self.errorRate(read.output.trimmingCharacters(in: .whitespacesAndNewlines), text) < 0.2, "\(read.output)")
        }
        #expect(unread > 0, "every line was read as something in English: none tested the warning")
    }

    @Test func aLanguageNotInstalledIsRefusedWithItsPackage() async throws {
        let (path, _) = try page("deu", count: 1)
        let result = try await ocr(["read", path, "--lang", "fin_test"])
        #expect(result.status != 0)
        #expect(result.errors.contains("the Tesseract language fin_test is not installed: apt-get install tesseract-ocr-fin-test"),
                "\(result.errors)")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func ppocrRefusesALanguageOfAnotherScriptNamingWhatReadsIt() async throws {
        let (path, _) = try page("rus", count: 1)
        let result = try await ocr(["read", path, "--engine", "ppocr", "--lang", "rus"])
        #expect(result.status != 0)
        #expect(result.errors.contains("not rus (Cyrillic): read them with --engine auto"), "\(result.errors)")
    }
}
