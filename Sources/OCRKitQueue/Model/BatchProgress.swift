/// How far a batch (or the whole queue) has come.
public struct BatchProgress: Hashable, Sendable, Codable {
    public var completed = 0
    /// Failed for good.
    public var failed = 0
    public var cancelled = 0
    /// Waiting, being read, or waiting to be retried.
    public var pending = 0

    public init(completed: Int = 0, failed: Int = 0, cancelled: Int = 0, pending: Int = 0) {
        self.completed = completed
        self.failed = failed
        self.cancelled = cancelled
        self.pending = pending
    }

    public var total: Int { completed + failed + cancelled + pending }
    /// Items in their final state; equals ``total`` once the batch is done, whatever failed.
    public var finished: Int { completed + failed + cancelled }
    public var isDone: Bool { pending == 0 }

    /// Adds `count` items with `status`.
    public mutating func add(_ status: ItemStatus, count: Int = 1) {
        switch status {
        case .completed: completed += count
        case .failed: failed += count
        case .cancelled: cancelled += count
        case .pending, .processing, .retrying: pending += count
        }
    }
}
