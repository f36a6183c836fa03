/// What the processor is doing, as ``OCRProcessor/states`` reports it.
public enum ProcessorState: Hashable, Sendable {
    /// Nothing to read.
    case idle
    /// Reading; the counts cover the whole queue.
    case processing(completed: Int, failed: Int, total: Int)
    /// Not taking new items, and why: paused by the caller, or short of memory or disk.
    case paused(reason: String)
}
