import Foundation

/// The processor's time, from the clock it was given: how long it waits, and the dates it
/// stores (leases, retries, events).
///
/// With the system's clocks (`ContinuousClock`, `SuspendingClock`), dates are the system's, as
/// the other processes sharing a store read theirs. With any other clock (a test's), dates are
/// counted on it from when the processor was made, so that a test moves both.
struct QueueClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void
    private let origin: Date
    private let isSystems: Bool

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { try await clock.sleep(for: $0) }
        origin = Date()
        isSystems = clock is ContinuousClock || clock is SuspendingClock
    }

    /// Now, as a date to store.
    var date: Date {
        isSystems ? Date() : origin.addingTimeInterval(elapsed().timeInterval)
    }

    /// The time since the processor was made.
    var sinceStart: Duration { elapsed() }

    /// `now` plus `duration`, as a date to store.
    func date(after duration: Duration) -> Date {
        date.addingTimeInterval(duration.timeInterval)
    }

    /// Waits `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws {
        try await sleeper(duration)
    }
}
