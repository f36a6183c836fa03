import Foundation
import OCRKit
import OCRKitDocuments
import OCRKitEngines
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// The examples of folders of documents read and written, and the README's library examples.
@Suite(.enabled(if: samplesAreHere && PDFTools.isInstalled, "runs from the package's folder with scripts/setup's PDF tools"), .onThreadsOfTheirOwn, .heavy)
struct DocumentReadingExamples {
    let folder: TemporaryFolder
    /// A folder of a two-page scanned PDF, a typeset PDF and a scanned image.
    let inbox: String
    let out: String

    init() throws {
        folder = try TemporaryFolder()
        inbox = folder.file("inbox")
        out = folder.file("out")
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        try TestDocuments.scannedPDF(["Clause one", "Clause two"], to: folder.file("scan.pdf"))
        try FileManager.default.copyItem(atPath: folder.file("scan.pdf"), toPath: "\(inbox)/scan.pdf")
        try TestDocuments.typeset([["Typeset already"]], to: "\(inbox)/typeset.pdf")
        try TestDocuments.scannedPage("A note to read", to: "\(inbox)/note.tif")
    }

    @Test func documentInMemory() async throws {
        let reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
        let postedBytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("scan.pdf")))
        var read: [Page] = []

        // Example from Sources/OCRKit/Documents/DocumentSource.swift
        let upload = DocumentSource.contents(postedBytes, name: "statement.pdf")
        let plan = try await reader.plan(upload)
        for number in plan.read {
            let page = try await reader.read(PageSource(upload, page: number))
            print(page.image, page.pageNumber ?? 1, page.text)
            read.append(page)
        }

        #expect(read.map(\.text) == ["Clause one", "Clause two"])
        #expect(read.map(\.image) == ["statement.pdf", "statement.pdf"] && read.map(\.pageNumber) == [1, 2])
        let pdf = try await SearchablePDF.data(of: read, decoder: reader.decoder)
        let copy = try await reader.decoder.embeddedText(ofPages: [1, 2], of: .contents(Data(pdf), name: "copy.pdf"))
        #expect(copy?.map(\.text) == ["Clause one", "Clause two"], "the searchable copy made from memory, read back from memory")
    }

    @Test func batch() async throws {
        let documents = DocumentReader(PageReader(decoder: DocumentLoader(), engine: try TesseractEngine()))

        // Example from Sources/OCRKitDocuments/DocumentBatch.swift
        let batch = await documents.plan([inbox, "extra.pdf"])
        for failure in batch.failures { print(failure) }   // "extra.pdf: no such file or folder"
        print(batch.pageCount, "pages to read")

        #expect(batch.failures.map(\.description) == ["extra.pdf: no such file or folder"])
        #expect(batch.plans.map { ($0.document.name as NSString).lastPathComponent } == ["note.tif", "scan.pdf", "typeset.pdf"])
        #expect(batch.pageCount == 3 && !batch.isSinglePage)
    }

    @Test func reader() async throws {
        var read: [String] = []

        // Example from Sources/OCRKitDocuments/DocumentReader.swift
        let documents = DocumentReader(try PageReader(settings: EngineSettings(.auto)), jobs: 2)
        let batch = await documents.plan([inbox])
        try await documents.read(batch) { event in
            if case .read(let page) = event { print(page.image, page.text) }
            if case .read(let page) = event { read.append(page.text) }
        }

        #expect(read == ["A note to read", "Clause one", "Clause two"], "in the order of files and pages, read two at once")
    }

    @Test func output() async throws {
        // Example from Sources/OCRKitDocuments/DocumentOutput.swift
        let reader = try PageReader(settings: EngineSettings(.auto))
        let documents = DocumentReader(reader)
        var output = DocumentOutput(format: .json, to: .folder(out), decoder: reader.decoder)
        try await documents.read(await documents.plan([inbox])) { event in
            if case .failed(let failure) = event { print(failure.error) }
            try await output.write(event)
        }
        try await output.finish()

        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["note.json", "scan.json", "typeset.json"])
        let typeset = try JSONDecoder().decode([Page].self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/typeset.json")))
        #expect(typeset.map(\.text) == ["Typeset already"] && typeset[0].holdsEmbeddedText, "a page kept gives its own text, marked so")
        let scan = try JSONDecoder().decode([Page].self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/scan.json")))
        #expect(scan.map(\.text) == ["Clause one", "Clause two"] && scan.map(\.pageNumber) == [1, 2])
        let note = try JSONDecoder().decode(Page.self, from: Data(contentsOf: URL(fileURLWithPath: "\(out)/note.json")))
        #expect(note.text == "A note to read", "an image's document is one page, a JSON object")
    }

    @Test func data() async throws {
        let reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
        let pages = [try await reader.read("Samples/letter.png")]

        // Example from Sources/OCRKitDocuments/DocumentOutput.swift
        let json = try await DocumentOutput.data(of: pages, format: .json, decoder: reader.decoder)

        #expect(try JSONDecoder().decode(Page.self, from: Data(json)).text == pages[0].text)
        let pdf = try await DocumentOutput.data(of: pages, format: .pdf, decoder: reader.decoder)
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
    }

    @Test func fileSignature() throws {
        let upload = try Data(contentsOf: URL(fileURLWithPath: "\(inbox)/scan.pdf"))

        // Example from Sources/OCRKitImages/FileSignature.swift
        if FileSignature.format(of: upload) == "PDF" { print("a document of pages") }

        #expect(FileSignature.format(of: upload) == "PDF")
        #expect(FileSignature.format(ofFileAt: "\(inbox)/note.tif") == "TIFF")
        #expect(FileSignature.format(of: Data("plain words".utf8)) == nil)
    }

    @Test func readmeDocuments() async throws {
        // Example from README.md
        let reader = try PageReader(settings: EngineSettings(.auto))
        let documents = DocumentReader(reader)   // as many pages at once as there are cores
        var output = DocumentOutput(format: .pdf, to: .folder(out), decoder: reader.decoder, straightener: reader.straightener)
        try await documents.read(await documents.plan([inbox])) { event in
            if case .failed(let failure) = event { print("not read:", failure.error) }
            try await output.write(event)   // a file's searchable copy is written at its end
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["note.pdf", "scan.pdf", "typeset.pdf"])
        #expect(try PDFTools.pdftotext(["\(out)/scan.pdf", "-"]).contains("Clause two"))
        #expect(try PDFTools.pdftotext(["\(out)/note.pdf", "-"]).contains("A note to read"))
        #expect(FileManager.default.contentsEqual(atPath: "\(out)/typeset.pdf", andPath: "\(inbox)/typeset.pdf"),
                "a document none of whose pages is read is copied as it is")
    }

    @Test func readmeReader() async throws {
        // Example from README.md
        let reader = try PageReader(settings: EngineSettings(.auto), order: .layout, straightensPhotos: true)
        let page = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))
        print(page.text)
        for line in page.lines where line.confidence < 0.5 { print("check:", line.text, line.box) }

        #expect(page.text.localizedCaseInsensitiveContains("total"))
    }

    @Test func readmeSingleEngine() async throws {
        // Example from README.md
        let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine())
        let page = try await reader.read("Samples/letter.png", options: RecognitionOptions(languages: ["eng"]))

        #expect(!page.lines.isEmpty)
    }
}
