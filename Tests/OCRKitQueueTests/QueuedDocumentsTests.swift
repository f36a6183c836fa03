import Foundation
import OCRKit
import OCRKitPDF
import OCRKitQueue
import OCRKitTestSupport
import Testing

@Suite(.heavy(hangGuard: .seconds(600)), .enabled(if: PDFTools.isInstalled, PDFTools.missingReason)) struct QueuedDocumentsTests {
    /// The documents of `fixture`'s queue, written as searchable PDFs.
    private func documents(_ fixture: QueueFixture) -> QueuedDocuments {
        QueuedDocuments(store: fixture.store) { [reader = fixture.reader] pages, path in
            try await SearchablePDF.write(pages, to: path, decoder: reader.decoder, straightener: reader.straightener)
        }
    }

    private func readQueue(_ processor: OCRProcessor) async throws {
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
    }

    @Test func aFinishedDocumentIsWrittenOnceInItsPagesOrderAndAgainWhenItGoesMissing() async throws {
        let fixture = try QueueFixture()
        let path = QueuedDocuments.path(forName: fixture.folder.file("letter"))
        #expect(path.hasSuffix("/letter.pdf"))
        try QueuedDocuments.checkWritable(path)
        let processor = fixture.makeProcessor()
        let start = Date()
        _ = try await processor.enqueue(try fixture.images(3).reversed(), document: path)
        _ = try await processor.enqueue(try fixture.images(1, prefix: "loose"))
        try await readQueue(processor)

        let outcomes = try await documents(fixture).writeFinished(since: start)
        guard case .written(let document, 3)? = outcomes.first, outcomes.count == 1 else {
            Issue.record("not written once: \(outcomes)")
            return
        }
        #expect(document == path)
        let pages = try PDFTools.pdftotext([path, "-"]).components(separatedBy: "\u{0C}").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pages.filter { !$0.isEmpty } == ["Queued page 2", "Queued page 1", "Queued page 0"])
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))

        // Up to date: left alone. Gone (a kill between the last page and the PDF): written again.
        #expect(try await documents(fixture).writeFinished(since: start).isEmpty)
        try FileManager.default.removeItem(atPath: path)
        #expect(try await documents(fixture).writeFinished(since: Date()).count == 1)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(.onThreadsOfTheirOwn)
    func documentsArePagesOfTheirOwnInTheQueueAndWrittenBackWhole() async throws {
        let fixture = try QueueFixture(decoder: DocumentLoader())
        let texts = ["Scanned contract page one", "Scanned contract page two", "Scanned contract page three"]
        let tiffs = try texts.enumerated().map { index, text in
            let path = fixture.folder.file("sheet\(index).tif")
            try TestDocuments.scannedPage(text, to: path)
            return path
        }
        let pdf = fixture.folder.file("contract.pdf"), tiff = fixture.folder.file("annex.tif")
        try TestDocuments.scans(Array(tiffs[0...1]), jpeg: true, to: pdf)
        try TestDocuments.multiPageTIFF([tiffs[2], tiffs[0]], to: tiff)
        let processor = fixture.makeProcessor()
        let start = Date(), path = fixture.folder.file("bundle.pdf")
        let batch = try await processor.enqueue([pdf, tiff], document: path, storingImages: true)
        #expect(try await fixture.store.progress(of: batch).pending == 4, "a page an item")

        // Workers that do not see the files read each page from the queue, alone.
        for file in [pdf, tiff] { try FileManager.default.moveItem(atPath: file, toPath: file + ".away") }
        try await readQueue(processor)
        let pages = try await fixture.store.results(batch: batch, unconsumedOnly: false).map(\.page)
        #expect(pages.map(\.image) == [pdf, pdf, tiff, tiff])
        #expect(pages.map(\.pageNumber) == [1, 2, 1, 2])
        #expect(pages.map(\.text) == [texts[0], texts[1], texts[2], texts[0]])

        // Written back on the machine that has them: the PDF's pages are its own, scans and all.
        for file in [pdf, tiff] { try FileManager.default.moveItem(atPath: file + ".away", toPath: file) }
        let outcomes = try await documents(fixture).writeFinished(since: start)
        guard case .written(path, 4)? = outcomes.first else {
            Issue.record("not written: \(outcomes)")
            return
        }
        let written = try PDFTools.pdftotext([path, "-"]).components(separatedBy: "\u{0C}")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        #expect(written == [texts[0], texts[1], texts[2], texts[0]])
        let images = try Tool.output("pdfimages", ["-list", path])
        #expect(images.components(separatedBy: " jpeg ").count - 1 == 2, "the PDF's JPEG scans copied: \(images)")
    }

    /// A document whose pages cannot be counted (encrypted, no password given) is queued as it is
    /// and fails with its cause, as an image that cannot be decoded does; the batch is not refused.
    /// Only a caller who chose pages hears of it before anything is queued.
    @Test func anEncryptedDocumentIsQueuedAndFailsWithItsCause() async throws {
        let fixture = try QueueFixture(decoder: DocumentLoader())
        let plain = fixture.folder.file("plain.pdf"), locked = fixture.folder.file("locked.pdf")
        try TestDocuments.scannedPDF(["A locked page"], to: plain)
        try TestDocuments.encrypted(plain, password: "secret", to: locked)
        let processor = fixture.makeProcessor()
        let batch = try await processor.enqueue([locked])
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        let failures = try await fixture.store.failures(batch: batch)
        #expect(failures.count == 1 && failures[0].error.reason.contains("password"), "\(failures)")

        await #expect(throws: OCRError.self) {
            try await QueuedPage.pages(of: [locked], reader: fixture.reader, selection: try PageSelection("1"))
        }
    }

    @Test func aDocumentWithAnUnreadablePageIsReportedNotWritten() async throws {
        let fixture = try QueueFixture()
        let path = fixture.folder.file("broken.pdf")
        let broken = try fixture.folder.write(Array("not an image".utf8), to: "broken.png")
        let processor = fixture.makeProcessor()
        let start = Date()
        let batch = try await processor.enqueue(try fixture.images(2) + [broken], document: path)
        try await readQueue(processor)

        let outcomes = try await documents(fixture).writeFinished(since: start)
        guard case .incomplete(path, batch, 1, 3)? = outcomes.first, outcomes.count == 1 else {
            Issue.record("not reported as incomplete: \(outcomes)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // Reported once: a later run does not report it again.
        #expect(try await documents(fixture).writeFinished(since: Date()).isEmpty)
    }

    @Test func aDocumentThatCannotBeWrittenIsNamed() async throws {
        let fixture = try QueueFixture()
        let missingFolder = fixture.folder.file("no-such-folder/contract.pdf")
        #expect { try QueuedDocuments.checkWritable(missingFolder) } throws: { ($0 as? OCRError)?.path == missingFolder }

        let processor = fixture.makeProcessor()
        _ = try await processor.enqueue(try fixture.images(1), document: missingFolder)
        try await readQueue(processor)
        let outcomes = try await documents(fixture).writeFinished(since: Date.distantPast)
        guard case .failed(missingFolder, let error as OCRError)? = outcomes.first else {
            Issue.record("not a failure naming the document: \(outcomes)")
            return
        }
        #expect(error.path == missingFolder)
    }
}
