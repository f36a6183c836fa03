import Clocks
import Foundation
import OCRKit
import OCRKitQueue
import OCRKitTestSupport
import Testing

/// The processor's decisions over time, on a test clock the tests move on themselves: retries
/// come when due, a paused or short processor takes nothing. An engine of the tests' own reads in
/// microseconds; nothing here sleeps.
// The limit guards against a hang: alone these take under half a second, but in a fresh clone's
// whole suite, whose other tests hold Swift's two cooperative threads with programs they wait
// for, they took 135 s (and once ran past 2 minutes).
@Suite(.timeLimit(.minutes(5))) struct ProcessorClockTests {
    @Test func transientFailuresAreRetriedWhenTheirDoublingDelayHasPassed() async throws {
        let engine = ScriptedEngine(failures: 2)
        var fixture = try QueueFixture(engine: engine)
        fixture.configuration.retryDelay = .seconds(2)
        let clock = TestClock<Duration>()
        let processor = fixture.makeProcessor(clock: clock)
        let batch = try await processor.enqueue(try fixture.images(1))
        await processor.start()
        let finished = try await advance(clock) { try await processor.progress(for: batch).isDone }
        await processor.stop()
        #expect(finished)

        let events = await collect(3, from: processor.events)
        let willRetry = events.map { event -> Bool? in
            if case .failed(let error, let willRetry) = event.kind, error.code == .engineFailure { willRetry } else { nil }
        }
        #expect(willRetry == [true, true, nil])
        // Two seconds, then four: never sooner, on the clock that dates the events (the store keeps
        // dates to the millisecond).
        #expect(events[1].time.timeIntervalSince(events[0].time) > 1.999)
        #expect(events[2].time.timeIntervalSince(events[1].time) > 3.999)
        #expect(engine.calls == 3)
        #expect(try await processor.unconsumedResults().map(\.attempts) == [3])
    }

    @Test func transientFailuresStopAtTheAttemptLimit() async throws {
        let engine = ScriptedEngine(failures: 100)
        let fixture = try QueueFixture(engine: engine)
        let clock = TestClock<Duration>()
        let processor = fixture.makeProcessor(clock: clock)
        let batch = try await processor.enqueue(try fixture.images(1))
        await processor.start()
        #expect(try await advance(clock) { try await processor.progress(for: batch).isDone })
        await processor.stop()

        let failure = try #require(try await fixture.store.failures(batch: nil).first)
        #expect(failure.attempts == 3 && failure.error.code == .engineFailure)
        #expect(engine.calls == 3)
    }

    @Test func aPausedProcessorTakesNothingUntilResumed() async throws {
        let engine = ScriptedEngine()
        let fixture = try QueueFixture(engine: engine)
        let clock = TestClock<Duration>()
        let made = Date()
        let processor = fixture.makeProcessor(clock: clock)
        let batch = try await processor.enqueue(try fixture.images(3))
        var states = processor.states.makeAsyncIterator()
        await processor.pause()
        await processor.start()
        while let state = await states.next(), state != .paused(reason: "paused") {}
        await clock.advance(by: .seconds(10))
        #expect(engine.calls == 0)
        #expect(try await processor.progress(for: batch).completed == 0)

        await processor.resume()
        #expect(try await advance(clock) { try await processor.progress(for: batch).isDone })
        await processor.stop()
        let events = await collect(3, from: processor.events)
        #expect(events.allSatisfy { $0.kind != .cancelled })
        // Read after the ten paused seconds, by the processor's clock.
        #expect(events.allSatisfy { $0.time.timeIntervalSince(made) >= 10 }, "\(events.map(\.time))")
        #expect(engine.calls == 3)
    }

    @Test func aProcessorShortOfDiskTakesNothingUntilThereIsRoom() async throws {
        let engine = ScriptedEngine()
        let fixture = try QueueFixture(engine: engine)
        let clock = TestClock<Duration>()
        let processor = fixture.makeProcessor(clock: clock)
        let batch = try await processor.enqueue(try fixture.images(2))
        var thresholds = ResourceThresholds(minimumFreeDisk: Int.max / 2, diskPath: fixture.store.path)
        await processor.setResourceThresholds(thresholds)
        var states = processor.states.makeAsyncIterator()
        await processor.start()
        var reason: String?
        while let state = await states.next() {
            if case .paused(let why) = state { reason = why; break }
        }
        #expect(reason?.contains("low disk space") == true)
        await clock.advance(by: .seconds(10))
        #expect(engine.calls == 0)

        thresholds.minimumFreeDisk = 1
        await processor.setResourceThresholds(thresholds)
        #expect(try await advance(clock) { try await processor.progress(for: batch).isDone })
        await processor.stop()
        #expect(try await processor.progress(for: batch) == BatchProgress(completed: 2))
    }
}

/// Moves `clock` on a tenth of a second at a time, up to `limit`, until `condition` holds; whether
/// it did.
func advance(_ clock: TestClock<Duration>, upTo limit: Duration = .seconds(600),
             until condition: () async throws -> Bool) async rethrows -> Bool {
    var moved = Duration.zero
    while moved < limit {
        if try await condition() { return true }
        await clock.advance(by: .milliseconds(100))
        moved += .milliseconds(100)
    }
    return try await condition()
}
