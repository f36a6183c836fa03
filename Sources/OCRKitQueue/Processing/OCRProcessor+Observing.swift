import Foundation
import OCRKit

/// What the processor is doing, and what happened to the items.
extension OCRProcessor {
    /// What the processor is doing, now and from now on; any number of subscribers.
    public nonisolated var states: AsyncStream<ProcessorState> {
        AsyncStream { continuation in
            let id = UUID()
            Task { await self.addStateObserver(id, continuation) }
            continuation.onTermination = { _ in Task { await self.removeStateObserver(id) } }
        }
    }

    /// Every event still stored, then new ones as they happen, from every process sharing the
    /// store; any number of subscribers.
    public nonisolated var events: AsyncStream<ProcessorEvent> {
        events(after: .beginning)
    }

    /// Events after `cursor`, then new ones as they happen.
    ///
    /// The store is read as the subscriber asks for events, in the subscriber's task: a
    /// subscriber that stops asking (or is cancelled) costs nothing.
    public nonisolated func events(after cursor: EventCursor) -> AsyncStream<ProcessorEvent> {
        let feed = EventFeed(processor: self, cursor: cursor)
        return AsyncStream(unfolding: { await feed.next() })
    }

    private func addStateObserver(_ id: UUID, _ continuation: AsyncStream<ProcessorState>.Continuation) {
        stateObservers[id] = continuation
        continuation.yield(machine.state)
    }

    private func removeStateObserver(_ id: UUID) {
        stateObservers[id] = nil
    }

    /// Up to 256 events after `cursor`, or `nil` when the store failed (which becomes the
    /// processor's state).
    func storedEvents(after cursor: EventCursor) async -> [ProcessorEvent]? {
        await storing("read the events") { try await store.events(after: cursor, limit: 256) }
    }
}

/// One subscriber's events: read from the store in pages, handed out one at a time, and waited
/// for when there are none. A store that fails is tried again every second, from the same cursor.
private actor EventFeed {
    let processor: OCRProcessor
    var cursor: EventCursor
    var waiting: [ProcessorEvent] = []

    init(processor: OCRProcessor, cursor: EventCursor) {
        self.processor = processor
        self.cursor = cursor
    }

    /// The next event; `nil` once the subscriber's task is cancelled.
    func next() async -> ProcessorEvent? {
        while waiting.isEmpty {
            guard !Task.isCancelled else { return nil }
            let looked = ContinuousClock.now
            if let events = await processor.storedEvents(after: cursor) {
                waiting = events
                if events.isEmpty { await processor.waitFor(.eventsRecorded, since: looked, timeout: processor.idleWait) }
            } else if (try? await processor.clock.sleep(for: ProcessorStateMachine.recheckInterval)) == nil {
                return nil
            }
        }
        let event = waiting.removeFirst()
        cursor = event.cursor
        return event
    }
}
