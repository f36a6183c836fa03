/// How long a stream that dropped waits before it is opened again: a pause that doubles with
/// each attempt that fails, up to a maximum, and starts again from the first once frames come.
///
/// ```swift
/// let reconnection = Reconnection(firstDelay: .milliseconds(500), maximumDelay: .seconds(30))
/// let pause = reconnection.delay(afterFailures: 3)   // 2 seconds
/// ```
public struct Reconnection: Sendable, Hashable {
    public var firstDelay: Duration
    public var maximumDelay: Duration

    public init(firstDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30)) {
        precondition(firstDelay > .zero && maximumDelay >= firstDelay, "delays must be positive, the first no longer than the maximum")
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// The pause before the next attempt, after `failures` attempts in a row gave no frame (the
    /// stream dropping counts as the first).
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = firstDelay
        for _ in 1..<max(1, failures) where delay < maximumDelay { delay *= 2 }
        return min(delay, maximumDelay)
    }
}
