import Foundation
import OCRKit
import OCRKitImages
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

@Suite(.timeLimit(.minutes(4))) struct OCRProcessorTests {
    @Test func readsEveryItemAndRecordsOneEventEach() async throws {
        let fixture = try QueueFixture()
        let paths = try fixture.images(6)
        let processor = fixture.makeProcessor()
        let batch = try await processor.enqueue(paths + [paths[0]], name: "six")
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()

        let progress = try await processor.progress(for: batch)
        #expect(progress == BatchProgress(completed: 6))
        let results = try await processor.unconsumedResults()
        #expect(results.map(\.image) == paths)
        #expect(results.map(\.page.text) == (0..<6).map { "Queued page \($0)" })
        #expect(results.allSatisfy { $0.attempts == 1 })

        let events = await collect(6, from: processor.events)
        #expect(Set(events.map(\.image)) == Set(paths))
        #expect(Set(events.map(\.index)) == Set(0..<6))
        #expect(events.allSatisfy { $0.batch == batch && $0.batchTotal == 6 })
        for event in events {
            guard case .completed(let page?) = event.kind else { Issue.record("not completed: \(event)"); continue }
            #expect(page.text == "Queued page \(event.index)")
        }
    }

    @Test func theSamePathInTwoBatchesIsTwoItems() async throws {
        let fixture = try QueueFixture()
        let paths = try fixture.images(2)
        let first = try await fixture.store.addBatch(name: nil, paths: paths + paths, options: .init(), document: nil, now: Date())
        let second = try await fixture.store.addBatch(name: nil, paths: [paths[1]], options: .init(), document: nil, now: Date())
        #expect(try await fixture.store.progress(of: first).total == 2)
        #expect(try await fixture.store.progress(of: second).total == 1)
        #expect(try await fixture.store.progress(of: nil).total == 3)
    }

    @Test func aBatchRecordsTheDocumentItsPagesMake() async throws {
        let fixture = try QueueFixture()
        let processor = fixture.makeProcessor()
        let pages = try await processor.enqueue(try fixture.images(2), name: "letter", document: "/tmp/letter.pdf")
        let loose = try await processor.enqueue(try fixture.images(1))
        let batches = try await fixture.store.batches()
        #expect(batches.first { $0.id == pages }?.document == "/tmp/letter.pdf")
        #expect(batches.first { $0.id == loose }?.document == nil)
    }

    @Test func storedImagesAreReadWhereTheirFilesAreNot() async throws {
        let fixture = try QueueFixture()
        let paths = try fixture.images(2)
        let broken = try fixture.folder.write(Array("truncated".utf8), to: "broken.png")
        let missing = fixture.folder.file("missing.png")
        let processor = fixture.makeProcessor()
        _ = try await processor.enqueue(paths + [broken, missing], storingImages: true)
        // As on a worker's machine, which does not see the files.
        for path in paths + [broken] { try FileManager.default.removeItem(atPath: path) }
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()

        let results = try await processor.unconsumedResults()
        #expect(results.map(\.page.text) == ["Queued page 0", "Queued page 1"])
        #expect(results.map(\.page.image) == paths)
        let failures = try await fixture.store.failures(batch: nil)
        #expect(failures.map(\.image) == [broken, missing])
        #expect(failures.map(\.error.code) == [.unsupportedFormat, .fileNotFound])
    }

    @Test func straighteningNeedsAReaderThatCan() async throws {
        let fixture = try QueueFixture()
        await #expect {
            try await fixture.makeProcessor().enqueue(try fixture.images(1), options: RecognitionOptions(straightensPage: true))
        } throws: { error in
            (error as? OCRError)?.code == .invalidOption
        }
        #expect(try await fixture.store.progress(of: nil).total == 0, "nothing is queued")
    }

    @Test func corruptFilesFailAtOnceAndCanBeRetriedOnceMended() async throws {
        let fixture = try QueueFixture()
        let broken = try fixture.folder.write(Array("truncated".utf8), to: "broken.png")
        let good = try fixture.images(1)
        let processor = fixture.makeProcessor()
        _ = try await processor.enqueue([broken] + good)
        await processor.start()
        try await processor.waitUntilIdle()

        let failures = try await fixture.store.failures(batch: nil)
        #expect(failures.count == 1)
        #expect(failures.first?.image == broken && failures.first?.attempts == 1)
        #expect(failures.first?.error.code == .unsupportedFormat)

        // Mend the file and retry: the item is read.
        try ImageWriter.write(try TextRenderer.render("Mended page"), to: broken)
        #expect(try await processor.retryFailed() == 1)
        try await processor.waitUntilIdle()
        await processor.stop()
        let mended = try await processor.unconsumedResults().first { $0.image == broken }
        #expect(mended?.page.text == "Mended page")
    }

    @Test func everySubscriberSeesEveryEventAndCanResumeFromACursor() async throws {
        let fixture = try QueueFixture()
        let processor = fixture.makeProcessor()
        // Subscribed before anything happens, and after: both see everything.
        let early = Task { await collect(5, from: processor.events) }
        _ = try await processor.enqueue(try fixture.images(5))
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        let late = await collect(5, from: processor.events)
        let earlyEvents = await early.value
        #expect(earlyEvents == late)
        try #require(Set(late.map(\.item)).count == 5)

        let resumed = await collect(3, from: processor.events(after: late[1].cursor))
        #expect(resumed == Array(late[2...]))
    }

    @Test func itemsOfDeadOrExpiredLeasesAreTakenBackWithTheAttemptCounted() async throws {
        let fixture = try QueueFixture()
        let paths = try fixture.images(2)
        _ = try await fixture.store.addBatch(name: nil, paths: paths, options: .init(), document: nil, now: Date())
        // A worker on another host leased the first item and vanished: its lease has expired.
        let expired = try #require(try await fixture.store.claimNextItem(
            owner: "elsewhere/1/abc", expiry: Date().addingTimeInterval(-1), now: Date()))
        // A process on this host leased the second with a long lease and died (no such pid).
        let host = ProcessInfo.processInfo.hostName
        let dead = try #require(try await fixture.store.claimNextItem(
            owner: "\(host)/999999/def", expiry: Date().addingTimeInterval(3600), now: Date()))

        let processor = fixture.makeProcessor()
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        let results = try await processor.unconsumedResults()
        #expect(Set(results.map(\.id)) == [expired.id, dead.id])
        #expect(results.allSatisfy { $0.attempts == 2 })
    }

    @Test func anInterruptedItemWaitsBehindItsBatchsPendingItems() async throws {
        let fixture = try QueueFixture()
        let paths = try fixture.images(3)
        _ = try await fixture.store.addBatch(name: nil, paths: paths, options: .init(), document: nil, now: Date())
        let interrupted = try #require(try await fixture.store.claimNextItem(
            owner: "elsewhere/1/abc", expiry: Date().addingTimeInterval(-1), now: Date()))
        try await fixture.store.recoverItems(abandonedBy: [], maximumAttempts: 3, now: Date())
        var order: [String] = []
        while let item = try await fixture.store.claimNextItem(owner: "a/1/x", expiry: Date().addingTimeInterval(60), now: Date()) {
            order.append(item.image)
        }
        #expect(interrupted.image == paths[0])
        #expect(order == [paths[1], paths[2], paths[0]])
    }

    @Test func anItemInterruptedAtEveryAttemptFailsAsInterrupted() async throws {
        let fixture = try QueueFixture()
        _ = try await fixture.store.addBatch(name: nil, paths: try fixture.images(1), options: .init(), document: nil, now: Date())
        for _ in 0..<3 {
            _ = try await fixture.store.claimNextItem(owner: "elsewhere/1/abc", expiry: Date().addingTimeInterval(-1), now: Date())
            try await fixture.store.recoverItems(abandonedBy: [], maximumAttempts: 3, now: Date())
        }
        let failure = try #require(try await fixture.store.failures(batch: nil).first)
        #expect(failure.error.code == .interrupted && failure.attempts == 3)
    }

    @Test func aLeaseLostToAnotherWorkerCannotComplete() async throws {
        let fixture = try QueueFixture()
        _ = try await fixture.store.addBatch(name: nil, paths: try fixture.images(1), options: .init(), document: nil, now: Date())
        let item = try #require(try await fixture.store.claimNextItem(owner: "a/1/x", expiry: Date().addingTimeInterval(-1), now: Date()))
        try await fixture.store.recoverItems(abandonedBy: [], maximumAttempts: 3, now: Date())
        _ = try await fixture.store.claimNextItem(owner: "b/2/y", expiry: Date().addingTimeInterval(60), now: Date())
        let page = Page(image: item.image, width: 1, height: 1, engine: EngineInfo(name: "x", version: "1"), lines: [])
        #expect(try await fixture.store.complete(item.id, owner: "a/1/x", page: page, now: Date()) == false)
        #expect(try await fixture.store.complete(item.id, owner: "b/2/y", page: page, now: Date()) == true)
    }

    @Test func purgeSparesUnconsumedResults() async throws {
        let fixture = try QueueFixture()
        let processor = fixture.makeProcessor()
        _ = try await processor.enqueue(try fixture.images(4))
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        let results = try await processor.unconsumedResults()

        // Consumed long ago, consumed now (retention not over), and never consumed.
        try await fixture.store.markConsumed([results[0].id], purgeAfter: Date().addingTimeInterval(-1))
        try await processor.markConsumed([results[1].id])
        #expect(try await processor.purge() == 1)
        let remaining = try await fixture.store.results(batch: nil, unconsumedOnly: false)
        #expect(remaining.map(\.id) == results[1...].map(\.id))
        #expect(try await processor.unconsumedResults().map(\.id) == results[2...].map(\.id))
    }

    @Test func cancelStopsItemsThatHaveNotStarted() async throws {
        let fixture = try QueueFixture()
        let processor = fixture.makeProcessor()
        let batch = try await processor.enqueue(try fixture.images(3))
        #expect(try await processor.cancel(batch: batch) == 3)
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        #expect(try await processor.progress(for: batch) == BatchProgress(cancelled: 3))
        let events = await collect(3, from: processor.events)
        #expect(events.allSatisfy { $0.kind == .cancelled })
    }

    /// Background reading, configured or switched to while the processor lives (an app sent to
    /// the background, as BGOCRProcessor's users do), reads images at its smaller limit.
    @Test(arguments: [false, true])
    func backgroundModeDownscalesToItsLimit(switchedTo: Bool) async throws {
        var fixture = try QueueFixture()
        if !switchedTo { fixture.configuration.policy = .background }
        let wide = fixture.folder.file("wide.png")
        try ImageWriter.write(try TextRenderer.render("A very wide line of text for the background policy", dpi: 600), to: wide)
        let processor = fixture.makeProcessor()
        if switchedTo { await processor.setPolicy(.background) }
        _ = try await processor.enqueue([wide])
        await processor.start()
        try await processor.waitUntilIdle()
        await processor.stop()
        let page = try #require(try await processor.unconsumedResults().first?.page)
        #expect(page.width == ProcessingPolicy.backgroundImageSide)
        #expect(page.text.contains("background policy"))
    }
}
