import OCRKit

/// How much one call to the server may ask, and how much waiting it takes before it turns
/// callers away. Each has a default a receipt or a 300-page batch is well within. (The most
/// pixels an image may have is the reader's: `ImageLoadingOptions.maximumPixelCount`, 413 beyond it.)
public struct ServerLimits: Sendable {
    /// The largest request body: an image, or a batch's upload (413 beyond it).
    public var maximumRequestBytes = 64 << 20
    /// The most images one batch may hold (413 beyond it).
    public var maximumBatchImages = 1_000
    /// The longest a read may take, waiting for a worker included (408 beyond it).
    public var maximumReadTime: Duration = .seconds(120)
    /// How many reads may wait for a worker, for each worker, before the server answers 503
    /// with `Retry-After` rather than queueing without bound.
    public var waitingReadsPerWorker = 4

    public init() {}

    /// The reads a server with `workers` workers holds at once, running and waiting: one more
    /// is answered 503.
    public func readsHeld(workers: Int) -> Int {
        workers * (1 + waitingReadsPerWorker)
    }

    func validate() throws {
        for (name, value) in [("request bytes", maximumRequestBytes), ("batch images", maximumBatchImages)]
        where value < 1 {
            throw OCRError(.invalidOption, reason: "the limit of \(name) must be positive, not \(value)")
        }
        if maximumReadTime <= .zero { throw OCRError(.invalidOption, reason: "the longest read time must be positive") }
        if waitingReadsPerWorker < 0 { throw OCRError(.invalidOption, reason: "waiting reads per worker cannot be negative") }
    }
}
