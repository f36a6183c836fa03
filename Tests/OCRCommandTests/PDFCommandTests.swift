import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

/// `ocr read` on PDFs and multi-page TIFFs, as a user runs it: every page read in order, the
/// searchable copy, pages that hold text, damaged documents.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .heavy(hangGuard: .seconds(600)), .onThreadsOfTheirOwn)
struct PDFCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A PDF of scans of `texts`, one a page, as JPEG.
    private func scans(_ texts: [String], name: String) throws -> String {
        let path = folder.file(name)
        try TestDocuments.scannedPDF(texts, to: path)
        return path
    }

    @Test func everyPageIsPrintedInOrderSayingWhichItIs() async throws {
        let path = try scans(["Page one of the scan", "Page two of the scan", "Page three of the scan"], name: "scan.pdf")
        let text = try await ocr(["read", "--engine", "tesseract", path])
        #expect(text.status == 0, "\(text.errors)")
        #expect(text.output == """
            ==> \(path), page 1 <==
            Page one of the scan

            ==> \(path), page 2 <==
            Page two of the scan

            ==> \(path), page 3 <==
            Page three of the scan

            """)

        let json = try await ocr(["read", "--engine", "tesseract", "--format", "json", "--pages", "2-", path])
        let pages = try JSONDecoder().decode([Page].self, from: json.outputData)
        #expect(pages.map(\.pageNumber) == [2, 3] && pages.map(\.image) == [path, path])
        #expect(json.output.contains("\"page\" : 2"))

        let hocr = try await ocr(["read", "--engine", "tesseract", "--format", "hocr", "--pages", "3", path])
        #expect(hocr.output.contains("ppageno 2"), "hOCR numbers the physical page from 0")
        let alto = try await ocr(["read", "--engine", "tesseract", "--format", "alto", "--pages", "3", path])
        #expect(alto.output.contains("PHYSICAL_IMG_NR=\"3\""))

        let past = try await ocr(["read", "--engine", "tesseract", "--pages", "4", path])
        #expect(past.status == 1 && past.errors.contains("\(path): has 3 pages, and page 4 was asked for"))
    }

    @Test func theSearchableCopyKeepsTheScansAndGoesToAFolderUnderTheDocumentsName() async throws {
        let path = try scans(["Invoice 2024-117", "Payment due in thirty days"], name: "invoice.pdf")
        let output = folder.file("out")
        let result = try await ocr(["read", "--engine", "tesseract", "--format", "pdf", "--output-dir", output, path])
        #expect(result.status == 0, "\(result.errors)")
        let copy = (output as NSString).appendingPathComponent("invoice.pdf")
        let text = try PDFTools.pdftotext([copy, "-"])
        #expect(text.contains("Invoice 2024-117") && text.contains("Payment due in thirty days"))
        let before = folder.file("before"), after = folder.file("after")
        _ = try Tool.output("pdfimages", ["-all", path, before])
        _ = try Tool.output("pdfimages", ["-all", copy, after])
        for name in ["-000.jpg", "-001.jpg"] {
            #expect(FileManager.default.contents(atPath: after + name) == FileManager.default.contents(atPath: before + name))
        }

        // Read again: its pages hold OCRKit's layer, given as it is unless asked, and marked so.
        let again = try await ocr(["read", "--engine", "tesseract", copy])
        #expect(again.status == 0 && again.output.contains("Invoice 2024-117") && again.output.contains("Payment due in thirty days"),
                "\(again.output)")
        #expect(again.errors.contains("\(copy): pages 1-2 already hold text, given as it is, not read (--redo reads OCR layers again"))
        let json = try await ocr(["read", "--engine", "tesseract", "--format", "json", copy])
        let pages = try JSONDecoder().decode([Page].self, from: json.outputData)
        #expect(pages.map(\.pageNumber) == [1, 2] && pages.allSatisfy { $0.holdsEmbeddedText }, "\(json.output)")
        let redone = try await ocr(["read", "--engine", "tesseract", "--redo", "--format", "pdf", copy])
        let redonePath = try folder.write(redone.outputData, to: "redone.pdf")
        #expect(try PDFTools.pdftotext([redonePath, "-"]).components(separatedBy: "Invoice 2024-117").count == 2)
    }

    @Test func aTypesetDocumentIsKeptAsItIsUnlessForced() async throws {
        let path = folder.file("letter.pdf")
        try TestDocuments.typeset([["A letter set in type"]], to: path)
        let output = folder.file("out")
        let kept = try await ocr(["read", "--engine", "tesseract", "--format", "pdf", "--output-dir", output, path])
        #expect(kept.status == 0 && kept.errors.contains("page 1 already holds text, kept as it is"))
        #expect(FileManager.default.contents(atPath: (output as NSString).appendingPathComponent("letter.pdf"))
            == FileManager.default.contents(atPath: path))
        let given = try await ocr(["read", "--engine", "tesseract", path])
        #expect(given.output == "A letter set in type\n", "its own text, not read: \(given.output)")
        let forced = try await ocr(["read", "--engine", "tesseract", "--force", path])
        #expect(forced.output == "A letter set in type\n")
        let limited = try await ocr(["read", "--engine", "tesseract", "--force", "--max-pixels", "1000000", path])
        #expect(limited.errors.contains("\(path), page 1: read at 101 dpi, to keep within 1000000 pixels (--max-pixels)"), "\(limited.errors)")
        let printed = try await ocr(["read", "--engine", "tesseract", "--format", "pdf", path])
        #expect(printed.outputData == FileManager.default.contents(atPath: path), "the document as it is, on standard output too")
    }

    /// One PDF of several files keeps the pages that hold text, as they are, among those read: a
    /// typeset document's pages were left out of it, without a word, when it was not the only file.
    @Test func oneDocumentOfSeveralFilesKeepsThePagesThatHoldText() async throws {
        let typeset = folder.file("letter.pdf")
        try TestDocuments.typeset([["A letter set in type"], ["Its second page"]], to: typeset)
        let scan = try scans(["A scanned note"], name: "note.pdf")
        let result = try await ocr(["read", "--engine", "tesseract", "--format", "pdf", typeset, scan])
        #expect(result.status == 0, "\(result.errors)")
        let combined = folder.file("combined.pdf")
        try result.outputData.write(to: URL(fileURLWithPath: combined))
        let info = try Tool.output("pdfinfo", [combined]).split(separator: "\n")
        #expect(info.contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 3") }, "\(info)")
        let text = try Tool.output("pdftotext", [combined, "-"])
        let pages = text.split(separator: "\u{0C}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pages.prefix(3) == ["A letter set in type", "Its second page", "A scanned note"],
                "the typeset pages as they were, no layer over their own text: \(pages)")
    }

    /// A sidecar has each page's text in its place, a page kept as it is giving the text it holds;
    /// a document none of whose pages is read is copied as it is, its sidecar written all the same.
    @Test func aSidecarHasTheTextOfThePagesKept() async throws {
        let typeset = folder.file("letter.pdf")
        try TestDocuments.typeset([["A letter set in type"]], to: typeset)
        let scan = try scans(["A scanned note"], name: "note.pdf")
        let mixed = folder.file("mixed.pdf")
        #expect(try Tool.run("qpdf", ["--empty", "--pages", typeset, scan, "--", mixed]).status == 0)
        let output = folder.file("archive")
        let result = try await ocr(["read", "--engine", "tesseract", "--format", "pdf", "--sidecar", "--output-dir", output, mixed, typeset])
        #expect(result.status == 0, "\(result.errors)")
        func written(_ name: String) throws -> String {
            try String(contentsOfFile: (output as NSString).appendingPathComponent(name), encoding: .utf8)
        }
        #expect(try written("mixed.txt") == "A letter set in type\n\u{0C}A scanned note\n")
        #expect(try written("letter.txt") == "A letter set in type\n")
        #expect(FileManager.default.contentsEqual(atPath: (output as NSString).appendingPathComponent("letter.pdf"), andPath: typeset),
                "a document with nothing to read is copied as it is")
    }

    @Test func aPageThatTakesTooLongIsGivenUpOnSayingWhich() async throws {
        let path = try scans(["Slow page"], name: "slow.pdf")
        let result = try await ocr(["read", "--engine", "tesseract", "--page-time-limit", "0.001", path, "Samples/letter.png"])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(path), page 1: reading took longer than 0.001 s, its time limit; given up (--page-time-limit)"), "\(result.errors)")
    }

    @Test func scanQueuesEachPageGoesOnFromWhereItWasKilledAndWritesTheCopy() async throws {
        let texts = (1...12).map { "Ledger sheet number \($0) of twelve" }
        let path = try scans(texts, name: "ledger.pdf")
        let database = folder.file("queue.sqlite"), copy = folder.file("ledger-ocr")

        // Killed once a page is read: on a loaded machine the first run may get further, or to
        // the end, before the kill lands.
        let process = try startOCR(["scan", "--engine", "tesseract", "--document", copy, "--db", database, path])
        while process.isRunning, ((try? await SQLiteQueueStore(path: database).progress(of: nil).completed) ?? 0) < 1 {
            try await Task.sleep(for: .milliseconds(20))
        }
        process.signal(SIGKILL)
        process.wait()
        let readBeforeTheKill = try await SQLiteQueueStore(path: database).progress(of: nil).completed

        let resumed = try await ocr(["scan", "--engine", "tesseract", "--db", database])
        #expect(resumed.status == 0, "\(resumed.errors)")
        if readBeforeTheKill < 12 {
            #expect(resumed.errors.contains("\(copy).pdf: 12 pages"), "\(resumed.errors)")
        }
        let store = try SQLiteQueueStore(path: database)
        #expect(try await store.progress(of: nil) == BatchProgress(completed: 12))
        let events = try await store.events(after: .beginning, limit: 100)
        #expect(events.count == 12, "each page read once: \(events.map(\.pageNumber))")
        #expect(try await store.results(batch: nil, unconsumedOnly: false).map(\.page.pageNumber) == Array(1...12))

        // The copy is the ledger itself with its text: its scans' bytes, every page in order.
        let pages = try PDFTools.pdftotext([copy + ".pdf", "-"]).components(separatedBy: "\u{0C}")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        #expect(pages == texts, "killed after \(readBeforeTheKill) pages")
        let before = folder.file("before"), after = folder.file("after")
        _ = try Tool.output("pdfimages", ["-all", path, before])
        _ = try Tool.output("pdfimages", ["-all", copy + ".pdf", after])
        for page in 0..<12 {
            let name = String(format: "-%03d.jpg", page)
            #expect(FileManager.default.contents(atPath: after + name) == FileManager.default.contents(atPath: before + name), "\(name)")
        }
        #expect(try Tool.run("qpdf", ["--check", copy + ".pdf"]).status == 0)
    }

    @Test func aMultiPageTIFFIsReadPageByPage() async throws {
        let sheets = try ["First sheet of paper", "Second sheet of paper"].enumerated().map { index, text in
            let path = folder.file("sheet\(index).tif")
            try ImageWriter.write(try TextRenderer.render(text, margin: 60), to: path)
            return path
        }
        let path = folder.file("sheets.tif")
        try TestDocuments.multiPageTIFF(sheets, to: path)
        let result = try await ocr(["read", "--engine", "tesseract", "--format", "jsonl", path])
        let pages = try result.output.split(separator: "\n").map { try Page(jsonData: Data($0.utf8)) }
        #expect(pages.map(\.pageNumber) == [1, 2] && pages.map(\.text) == ["First sheet of paper", "Second sheet of paper"])
    }

    @Test func aDamagedDocumentGetsOneLineAndTheOtherFilesAreRead() async throws {
        let good = try scans(["Still read"], name: "good.pdf")
        let whole = try #require(FileManager.default.contents(atPath: good))
        let damaged = [
            try folder.write(Array("%PDF-1.4\n".utf8), to: "header-only.pdf"),
            try folder.write(whole.prefix(whole.count / 3), to: "truncated.pdf"),
            try folder.write(Array("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8),
                             to: "no-pages.pdf"),
            // A generation number past 64 bits, which qpdf reports as a system error.
            try folder.write(Array(("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] "
                                    + "/Count 1 >> endobj\n3 18446744073709551616 obj << /Type /Page /Parent 2 0 R >> endobj\n%%EOF\n").utf8),
                             to: "out-of-range.pdf"),
        ]
        let result = try await ocr(["read", "--engine", "tesseract"] + damaged + [good])
        #expect(result.status == 1)
        #expect(result.output.contains("Still read"))
        let lines = result.errors.split(separator: "\n")
        for path in damaged {
            #expect(lines.filter { $0.hasPrefix("ocr: \(path): ") }.count == 1, "\(path) in \(result.errors)")
        }
        #expect(lines.contains { $0.hasPrefix("ocr: \(damaged[3]): damaged PDF: ") }, "\(result.errors)")
    }

    @Test func pdfaAndSidecarGoBesideEachDocumentAndARefusedOneIsSaid() async throws {
        let scan = try scans(["Archive page one", "Archive page two"], name: "archive.pdf")
        let typeset = folder.file("letter.pdf")
        try TestDocuments.typeset([["A letter set in type"]], to: typeset)
        let output = folder.file("out")
        let result = try await ocr(["read", "--engine", "tesseract", "--format", "pdf", "--pdfa", "--sidecar", "--force",
                                    "--output-dir", output, typeset, scan])
        #expect(result.status == 1)
        #expect(result.errors.contains("ocr: \(typeset): cannot be PDF/A: its font Helvetica on page 1 is not embedded"))
        let archived = (output as NSString).appendingPathComponent("archive.pdf")
        #expect(try Tool.output("pdfinfo", ["-meta", archived]).contains("<pdfaid:part>2</pdfaid:part>"))
        let sidecar = try String(contentsOfFile: (output as NSString).appendingPathComponent("archive.txt"), encoding: .utf8)
        #expect(sidecar == "Archive page one\n\u{0C}Archive page two\n")

        let misuse = try await ocr(["read", "--sidecar", scan])
        #expect(misuse.status != 0 && misuse.errors.contains("--sidecar writes text beside searchable PDFs"))
    }

    /// OCRmyPDF's `cardinal.pdf` made again: one page of translators' English lines scanned as it
    /// is, a quarter turn either way and upside down. Read by default, each page is read upright,
    /// and the searchable copy shows it upright with its text where the words are.
    @Test func pagesScannedSidewaysOrUpsideDownAreReadUprightByDefault() async throws {
        let truth = try TranslatedLines.lines(in: "eng", count: 4)
        let upright = try TextRenderer.renderPage(truth.map { ($0, TranslatedLines.font(for: "eng")) })
        let tiffs = try (0..<4).map { turns in
            let tiff = folder.file("turned-\(turns).tif")
            try ImageWriter.write(upright.turned(clockwiseQuarterTurns: turns), to: tiff)
            return tiff
        }
        let path = folder.file("cardinal.pdf")
        try TestDocuments.scans(tiffs, jpeg: true, to: path)
        let output = folder.file("out")
        let result = try await ocr(["read", path, "--format", "pdf", "--output-dir", output])
        #expect(result.status == 0, "\(result.errors)")
        let copy = (output as NSString).appendingPathComponent("cardinal.pdf")
        let pages = try PDFTools.pdftotext([copy, "-"]).components(separatedBy: "\u{0C}").dropLast()
        #expect(pages.count == 4)
        for (turns, text) in pages.enumerated() {
            var rate = CharacterErrorRate()
            rate.add(reading: text.split(whereSeparator: \.isNewline).joined(separator: "\n"), truth: truth.joined(separator: "\n"))
            #expect(rate.rate < 0.03, "page turned \(turns) quarters: \(text)")
        }
        let rotations = try Tool.output("pdfinfo", ["-f", "1", "-l", "4", copy]).split(separator: "\n")
            .filter { $0.contains(" rot:") }.map { $0.split(separator: " ").last.map(String.init) }
        #expect(rotations == ["0", "270", "180", "90"], "each page shown upright")
    }
}
