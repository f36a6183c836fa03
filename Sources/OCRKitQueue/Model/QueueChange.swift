/// A change to a queue that workers and subscribers in other processes wait for
/// (``QueueStore/waitFor(_:since:timeout:)``).
public enum QueueChange: String, CaseIterable, Sendable {
    /// Items can be claimed: a batch was added, or items were given back, taken back from a
    /// worker that stopped, or put back after failing.
    case itemsReady = "items"
    /// Events were recorded: items completed, failed or were cancelled.
    case eventsRecorded = "events"
}
