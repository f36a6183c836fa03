import Foundation
import OCRKit
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

/// A store that fails is not a failed read: the processor says so in its state, keeps what it
/// read, and never marks an item read without its page.
@Suite(.timeLimit(.minutes(4))) struct StoreFailureTests {
    @Test func aPageTheStoreRefusedIsStoredOnceItAnswersAndIsNotReadAgain() async throws {
        let fixture = try QueueFixture()
        let store = FailingStore(fixture.store)
        let processor = OCRProcessor(store: store, reader: fixture.reader, configuration: fixture.configuration)
        let paths = try fixture.images(2)
        let batch = try await processor.enqueue(paths)
        var states = processor.states.makeAsyncIterator()
        store.fail([.complete])
        await processor.start()

        var reported: OCRError?
        while let state = await states.next() {
            if case .waitingForStore(let error) = state { reported = error; break }
        }
        #expect(reported?.code == .storeFailure)
        #expect(reported?.reason.contains("could not store the page of") == true, "\(String(describing: reported))")
        #expect(reported?.reason.contains("disk I/O error (simulated)") == true)
        // Nothing is marked read, nor failed, while the store refuses the pages.
        let meanwhile = try await fixture.store.progress(of: batch)
        #expect(meanwhile.completed == 0 && meanwhile.failed == 0 && meanwhile.pending == 2, "\(meanwhile)")

        store.fail([])
        try await processor.waitUntilIdle()
        await processor.stop()
        let results = try await fixture.store.results(batch: batch, unconsumedOnly: false)
        #expect(results.map(\.page.text) == ["Queued page 0", "Queued page 1"])
        #expect(results.allSatisfy { $0.attempts == 1 }, "the images were read again")
        #expect(try await fixture.store.failures(batch: batch).isEmpty)
        #expect(store.failureCount(of: .complete) >= 1)
        #expect(await states.next() != .waitingForStore(reported!))
    }

    @Test func anItemStoppedBeforeItsPageWasStoredIsGivenBack() async throws {
        let fixture = try QueueFixture()
        let store = FailingStore(fixture.store)
        var configuration = fixture.configuration
        configuration.jobs = 1
        let processor = OCRProcessor(store: store, reader: fixture.reader, configuration: configuration)
        let batch = try await processor.enqueue(try fixture.images(1))
        store.fail([.complete])
        let failing = processor.states
        await processor.start()
        #expect(await storeFailure(in: failing, containing: "could not store the page of") != nil)
        await processor.stop()

        #expect(try await fixture.store.progress(of: batch) == BatchProgress(pending: 1))
        #expect(try await fixture.store.events(after: .beginning, limit: 10).isEmpty)
        // Given back without counting the attempt: the next run reads it as a first attempt.
        store.fail([])
        let next = OCRProcessor(store: store, reader: fixture.reader, configuration: configuration)
        await next.start()
        try await next.waitUntilIdle()
        await next.stop()
        let results = try await fixture.store.results(batch: batch, unconsumedOnly: false)
        #expect(results.map(\.attempts) == [1])
    }

    @Test func aStoreThatCannotHandOutItemsPausesTheWorkersUntilItCan() async throws {
        let fixture = try QueueFixture()
        let store = FailingStore(fixture.store)
        let processor = OCRProcessor(store: store, reader: fixture.reader, configuration: fixture.configuration)
        let batch = try await processor.enqueue(try fixture.images(1))
        store.fail([.claim])
        var states = processor.states.makeAsyncIterator()
        await processor.start()
        while let state = await states.next() {
            if case .waitingForStore(let error) = state {
                #expect(error.reason.hasPrefix("the queue's store could not take the next item"))
                break
            }
        }
        store.fail([])
        try await processor.waitUntilIdle()
        await processor.stop()
        #expect(try await fixture.store.progress(of: batch) == BatchProgress(completed: 1))
    }

    @Test func eventsGoOnFromTheirCursorWhenTheStoreComesBack() async throws {
        let fixture = try QueueFixture()
        let store = FailingStore(fixture.store)
        let processor = OCRProcessor(store: store, reader: fixture.reader, configuration: fixture.configuration)
        let paths = try fixture.images(2)
        _ = try await processor.enqueue(paths)
        store.fail([.events])
        let failing = processor.states
        let events = Task { await collect(2, from: processor.events) }
        await processor.start()
        try await processor.waitUntilIdle()
        #expect(await storeFailure(in: failing, containing: "could not read the events") != nil)
        store.fail([])
        let received = await events.value
        #expect(Set(received.map(\.image)) == Set(paths))
        await processor.stop()
    }
}

/// The first failure of the store that `states` reports whose reason contains `action`.
private func storeFailure(in states: AsyncStream<ProcessorState>, containing action: String) async -> OCRError? {
    for await state in states {
        if case .waitingForStore(let error) = state, error.reason.contains(action) { return error }
    }
    return nil
}
