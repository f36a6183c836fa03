import OCRKit

/// What the processor is doing, as ``OCRProcessor/states`` reports it.
public enum ProcessorState: Hashable, Sendable {
    /// Nothing to read.
    case idle
    /// Reading; the counts cover the whole queue.
    case processing(completed: Int, failed: Int, total: Int)
    /// Not taking new items, and why: paused by the caller, or short of memory or disk.
    case paused(reason: String)
    /// The store failed to read or write: no new item is taken, and a result read meanwhile is
    /// kept until the store takes it. The workers try the store again every second; the state
    /// changes when it answers.
    case waitingForStore(OCRError)
}
