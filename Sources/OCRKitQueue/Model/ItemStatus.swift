/// Where an item stands. Items start `pending` and end `completed`, `failed` or `cancelled`.
public enum ItemStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Waiting for a worker.
    case pending
    /// Leased by a worker, which is reading it.
    case processing
    /// Read; its page is stored.
    case completed
    /// Failed in a way that may pass (the engine failed, memory ran short); waiting to be tried again.
    case retrying
    /// Failed for good: the file is missing, corrupt, unsupported or too large, or every attempt failed.
    case failed
    /// Cancelled before it was read.
    case cancelled
}
