import Foundation
import OCRKit
import OCRKitPDF
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

/// The usage examples of the queue's doc comments, as written there (with the work they wait for
/// done in between), on real images and a real reader: DocumentationExamplesTests checks that
/// they stay the same.
@Suite(.heavy(hangGuard: .seconds(600))) struct DocumentationExampleTests {
    @Test func processor() async throws {
        let fixture = try QueueFixture()
        let queuePath = fixture.folder.file("example.sqlite"), reader = fixture.reader, scans = try fixture.images(2)

        // Example from Sources/OCRKitQueue/Processing/OCRProcessor.swift
        let processor = OCRProcessor(store: try SQLiteQueueStore(path: queuePath), reader: reader)
        let batch = try await processor.enqueue(scans)   // images, and each page of a PDF
        await processor.start()
        for await event in processor.events where event.batch == batch {
            if case .completed(let page?) = event.kind { print(event.image, page.text) }
            if try await processor.progress(for: batch).pending == 0 { break }
        }
        await processor.stop()

        #expect(try await processor.progress(for: batch) == BatchProgress(completed: 2))
    }

    @Test func sqliteStore() async throws {
        let fixture = try QueueFixture()
        let queuePath = fixture.folder.file("example.sqlite"), reader = fixture.reader

        // Example from Sources/OCRKitQueueSQLite/SQLiteQueueStore.swift
        let store = try SQLiteQueueStore(path: queuePath)
        let processor = OCRProcessor(store: store, reader: reader, configuration: .init(diskPath: store.path))

        _ = try await processor.enqueue(try fixture.images(1))
        #expect(try await store.progress(of: nil) == BatchProgress(pending: 1))
    }

    @Test func queuedDocuments() async throws {
        let fixture = try QueueFixture()
        let store = fixture.store, reader = fixture.reader, processor = fixture.makeProcessor()
        let photos = try fixture.images(2), start = Date()
        let folder = FileManager.default.currentDirectoryPath
        defer { try? FileManager.default.removeItem(atPath: folder + "/contract.pdf") }

        // Example from Sources/OCRKitQueue/QueuedDocuments.swift
        let path = QueuedDocuments.path(forName: "contract")   // contract.pdf in the current folder
        try QueuedDocuments.checkWritable(path)
        let batch = try await processor.enqueue(photos, document: path)
        // ... once the processor has read the queue:
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        // Example from README.md
        let documents = QueuedDocuments(store: store) { pages, path in
            try await SearchablePDF.write(pages, to: path, decoder: reader.decoder, straightener: reader.straightener)
        }
        for outcome in try await documents.writeFinished(since: start) { print(outcome) }   // written, incomplete or failed
        #expect(try await store.progress(of: batch).completed == 2)

        #expect(path == folder + "/contract.pdf")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: Array("%PDF".utf8)))
    }

    @Test(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .onThreadsOfTheirOwn)
    func queuedPages() async throws {
        let fixture = try QueueFixture(decoder: DocumentLoader())
        let processor = fixture.makeProcessor(), receiptPath = try fixture.images(1)[0]
        let contractPath = fixture.folder.file("contract.pdf")
        try TestDocuments.scannedPDF(["Clause one", "Clause two"], jpeg: false, to: contractPath)

        // Example from Sources/OCRKitQueue/Model/QueuedPage.swift
        let pages = [QueuedPage(image: receiptPath), QueuedPage(image: contractPath, pageNumber: 2)]
        let batch = try await processor.enqueue(pages)

        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        let read = try await fixture.store.results(batch: batch, unconsumedOnly: false).map(\.page)
        #expect(read.map(\.pageNumber) == [nil, 2] && read.map(\.text) == ["Queued page 0", "Clause two"])
    }
}
