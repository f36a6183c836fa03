import Foundation
import OCRKit
import OCRKitImages
import OCRKitTestSupport
import Testing

struct CommandResult {
    var status: Int32
    var outputData: Data
    var errors: String

    var output: String { String(decoding: outputData, as: UTF8.self) }
}

/// Starts `ocr` with `arguments`, its output discarded.
func startOCR(_ arguments: [String]) throws -> ChildProcess.Running {
    try ChildProcess.start(BuiltProducts.ocr, arguments)
}

/// Runs `ocr` with `arguments`, as a user would from a shell, with `environment` added to this
/// process's; waited for off Swift's cooperative threads, which a test that held one for the
/// seconds `ocr` takes would starve (there are as many as cores: two here). Both outputs go to
/// files, so that a child writing much to either never waits for the test to read it.
func ocr(_ arguments: [String], environment: [String: String] = [:]) async throws -> CommandResult {
    let folder = try TemporaryFolder()
    let output = folder.file("output"), errors = folder.file("errors")
    let outcome = try await ChildProcess.run(BuiltProducts.ocr, arguments, output: output, errors: errors,
                                             environment: environment.mapValues { Optional($0) })
    return CommandResult(status: outcome.exitCode, outputData: (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data(),
                         errors: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errors))) ?? Data(), as: UTF8.self))
}

let hasPDFToText = FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")

/// The text layer of each page of the PDF at `path`, by pdftotext (poppler-utils), without empty pages.
func pdfPages(_ path: String) throws -> [String] {
    try PDFTools.pdftotext([path, "-"]).split(separator: "\u{0C}")
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
}

@Suite(.heavy) struct ReadCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private func writePage(_ text: String, to name: String) throws -> String {
        let path = folder.file(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try ImageWriter.write(try TextRenderer.render(text), to: path)
        return path
    }

    @Test func printsTheTextOfOneImage() async throws {
        let path = try writePage("Hello from OCRKit\nsecond line", to: "hello.png")
        let result = try await ocr(["read", path])
        #expect(result.status == 0)
        #expect(result.output == "Hello from OCRKit\nsecond line\n")
        #expect(result.errors.isEmpty)
    }

    @Test func readsAFolderInNaturalOrderAndReportsEachFailure() async throws {
        _ = try writePage("page two", to: "batch/page2.png")
        _ = try writePage("page ten", to: "batch/page10.jpg")
        _ = try writePage("nested page", to: "batch/sub/page1.tif")
        let broken = try folder.write(Array("not an image".utf8), to: "batch/broken.png")
        let missing = folder.file("missing.png")

        let result = try await ocr(["read", "--format", "jsonl", "--jobs", "2", folder.file("batch"), missing])
        #expect(result.status == 1)
        let pages = try result.output.split(separator: "\n").map { try Page(jsonData: Data($0.utf8)) }
        #expect(pages.map(\.text) == ["page two", "page ten", "nested page"])
        #expect(pages.map { ($0.image as NSString).lastPathComponent } == ["page2.png", "page10.jpg", "page1.tif"])
        let errorLines = result.errors.split(separator: "\n").map(String.init)
        #expect(errorLines.count == 2)
        #expect(errorLines.contains { $0.contains(broken) && $0.contains("not an image") })
        #expect(errorLines.contains { $0.contains(missing) && $0.contains("no such file") })
    }

    @Test func jsonIsAnObjectForOneImageAndAnArrayForMore() async throws {
        let first = try writePage("first", to: "one.png")
        let second = try writePage("second", to: "two.png")
        let single = try await ocr(["read", "--format", "json", first])
        #expect(try Page(jsonData: Data(single.output.utf8)).text == "first")
        let object = try JSONSerialization.jsonObject(with: Data(single.output.utf8)) as? [String: Any]
        let words = (object?["lines"] as? [[String: Any]])?.first?["words"] as? [[String: Any]]
        #expect((words?.first?["alternatives"] as? [Any])?.isEmpty == false)

        let several = try await ocr(["read", "--format", "json", first, second])
        let pages = try JSONDecoder().decode([Page].self, from: Data(several.output.utf8))
        #expect(pages.map(\.text) == ["first", "second"])
    }

    @Test func textForSeveralImagesHasAHeaderPerImage() async throws {
        let first = try writePage("alpha", to: "a.png")
        let second = try writePage("beta", to: "b.png")
        let result = try await ocr(["read", first, second])
        #expect(result.output == "==> \(first) <==\nalpha\n\n==> \(second) <==\nbeta\n")
        // Standard error is not a terminal here: no progress bar.
        #expect(result.errors.isEmpty)
    }

    @Test func regionAndHeightOptionsReachTheEngine() async throws {
        let path = try writePage("top words\n\n\n\nbottom words", to: "regions.png")
        let result = try await ocr(["read", "--roi", "0,0.5,1,0.5", path])
        #expect(result.output == "bottom words\n")
    }

    @Test func hOCRAndALTOHoldEveryImageAsAPage() async throws {
        let first = try writePage("first page", to: "one.png")
        let second = try writePage("second page here", to: "two.png")
        let hocr = try await ocr(["read", "--format", "hocr", first, second]).output
        #expect(hocr.components(separatedBy: "class=\"ocr_page\"").count - 1 == 2)
        #expect(hocr.components(separatedBy: "class=\"ocrx_word\"").count - 1 == 5)
        #expect(hocr.hasSuffix("</html>\n"))
        let alto = try await ocr(["read", "--format", "alto", first, second]).output
        #expect(alto.components(separatedBy: "<Page ").count - 1 == 2)
        #expect(alto.contains("CONTENT=\"second\"") && alto.hasSuffix("</alto>\n"))
    }

    @Test(.enabled(if: hasPDFToText, "needs pdftotext (poppler-utils)"))
    func pdfHoldsEveryImageAsASearchablePage() async throws {
        let first = try writePage("searchable first", to: "one.png")
        let second = try writePage("searchable second", to: "two.jpg")
        let result = try await ocr(["read", "--format", "pdf", first, second])
        #expect(result.status == 0 && result.outputData.starts(with: Data("%PDF".utf8)))
        let pdf = try folder.write(result.outputData, to: "both.pdf")
        #expect(try pdfPages(pdf) == ["searchable first", "searchable second"])
    }

    @Test func outputDirWritesAFileAnImage() async throws {
        let first = try writePage("first alone", to: "a/page.png")
        let second = try writePage("second alone", to: "b/page.png")
        let folderOut = folder.file("out")
        let result = try await ocr(["read", "--output-dir", folderOut, first, second])
        #expect(result.status == 0 && result.output.isEmpty)
        #expect(try String(contentsOfFile: folder.file("out/page.txt"), encoding: .utf8) == "first alone\n")
        #expect(try String(contentsOfFile: folder.file("out/page-2.txt"), encoding: .utf8) == "second alone\n")
        _ = try await ocr(["read", "--format", "pdf", "--output-dir", folderOut, first])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("out/page.pdf"))).starts(with: Data("%PDF".utf8)))
    }

    @Test func markFlaggedMarksDoubtfulWordsWithTheirAlternatives() async throws {
        // Text rendered at 40 dpi: a few pixels high, hard for Tesseract to read with certainty.
        // (`--engine auto` would read it again with PP-OCR, which is sure of it.)
        let path = folder.file("tiny.png")
        try ImageWriter.write(try TextRenderer.render("The quick brown fox jumps over the lazy dog", dpi: 40), to: path)
        let marked = try await ocr(["read", "--engine", "tesseract", "--mark-flagged", path])
        #expect(marked.status == 0)
        #expect(marked.output.contains("[[") && marked.output.contains("|"))
        // Its name before OCRKit settled on "flag", still read.
        #expect(try await ocr(["read", "--engine", "tesseract", "--review", path]).output == marked.output)
        let json = try await ocr(["read", "--engine", "tesseract", "--format", "jsonl", path]).output
        let page = try Page(jsonData: Data(json.utf8))
        let flagged = page.words.filter(\.isFlagged)
        #expect(!flagged.isEmpty)
        #expect(flagged.allSatisfy { $0.confidence < 0.5 || $0.symbols.contains { $0.confidence < 0.5 } })
        #expect(flagged.allSatisfy { !$0.alternatives.isEmpty })
    }

    @Test func badOptionsAreRefusedWithAReason() async throws {
        let path = try writePage("x", to: "x.png")
        for arguments in [["--roi", "0,0,2,1"], ["--roi", "nonsense"], ["--psm", "0"], ["--jobs", "0"],
                          ["--min-text-height", "3"], ["--lang", ""], ["--flag-threshold", "2"],
                          // Its name before OCRKit settled on "flag", still read.
                          ["--review-threshold", "2"]] {
            let result = try await ocr(["read"] + arguments + [path])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errors.contains("Error:"), "\(arguments)")
        }
        #expect(try await ocr(["read", "--review-threshold", "2", path]).errors.contains("flag threshold 2"))
        // Said once for the whole batch, not once an image.
        let language = try await ocr(["read", "--lang", "xyz", path, path, path])
        #expect(language.status == 1)
        #expect(language.errors.split(separator: "\n").count == 1)
        #expect(language.errors.contains("xyz") && language.errors.contains("eng"))
    }

    @Test func theONNXEnginesNameTheirMissingModels() async throws {
        let path = try writePage("x", to: "x.png")
        let missing = folder.file("no-models")
        for engine in ["ppocr", "ndlocr"] {
            let result = try await ocr(["read", "--engine", engine, "--models", missing, path])
            #expect(result.status != 0, "\(engine)")
            #expect(result.errors.contains(missing) && result.errors.contains("--models"), "\(engine): \(result.errors)")
        }
    }

    @Test func autoCombinesBothEnginesUnlessTesseractIsSureAndReadsWithTesseractAloneWithoutPPOCR() async throws {
        let document = try writePage("Invoice 2024-117 for Grace Hopper", to: "document.png")
        let tiny = folder.file("tiny.png")
        try ImageWriter.write(try TextRenderer.render("The quick brown fox jumps over the lazy dog", dpi: 40), to: tiny)
        let result = try await ocr(["read", "--format", "jsonl", document, tiny])
        let pages = try result.output.split(separator: "\n").map { try Page(jsonData: Data($0.utf8)) }
        try #require(pages.count == 2)
        #expect(pages[0].text == "Invoice 2024-117 for Grace Hopper")
        if InstalledDependencies.hasPPOCR {
            // Tesseract is sure of the clean page, and reads it alone; not of the tiny one.
            #expect(pages.map(\.engine.name) == ["tesseract", "auto"])
            #expect(pages[1].text.contains("quick brown fox"), "\(pages[1].text)")
        }
        let alone = try await ocr(["read", "--models", folder.file("no-models"), document])
        #expect(alone.output == "Invoice 2024-117 for Grace Hopper\n")
        #expect(alone.errors.contains("pages will be read by Tesseract alone"), "\(alone.errors)")
    }

    @Test func anEmptyFolderIsAnError() async throws {
        let empty = folder.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = try await ocr(["read", empty])
        #expect(result.status != 0)
        #expect(result.errors.contains("no PDFs or image files"))
    }
}
