import OCRKit

/// The processor's decisions, apart from the store, the reader and the clock: what a worker does
/// next, whether and when a failed item is tried again, when the queue is looked after, and which
/// state the processor is in.
///
/// A value driven by events: ``OCRProcessor`` tells it what happened (``handle(_:)``) and does
/// what it decides; each decision can be tested on its own, without a store, an engine or time
/// passing.
///
/// ```swift
/// var machine = ProcessorStateMachine(configuration: OCRProcessor.Configuration(), processorCount: 2)
/// machine.handle(.started)
/// machine.handle(.paused)
/// let step = machine.nextStep(forWorker: 0, after: nil)          // .wait(pollInterval): nothing is taken
/// let outcome = machine.outcome(of: .engineFailure, attempt: 1)  // .retry(after: .seconds(2))
/// ```
package struct ProcessorStateMachine: Sendable {
    /// What happened, as the processor tells it.
    package enum Event: Sendable {
        case started
        case stopped
        /// Paused and resumed by the caller.
        case paused
        case resumed
        case policyChanged(ProcessingPolicy)
        case thresholdsChanged(ResourceThresholds)
        /// Free memory and disk were looked at: `shortage` says what is short, `nil` when there is room.
        case resourcesChecked(shortage: String?)
        /// A call to the store failed; the processor waits for it.
        case storeFailed(OCRError)
        /// A call to the store succeeded.
        case storeAnswered
        /// The queue's counts, as the store gave them.
        case counted(BatchProgress)
        /// An item this process read was stored.
        case itemCompleted
        /// An item this process read failed for good.
        case itemFailedForGood
    }

    /// What a worker does next.
    package enum WorkerStep: Hashable, Sendable {
        /// Ends: the processor stopped, or the policy wants fewer workers.
        case stop
        /// Takes the next item from the store, and reads it.
        case claim
        /// Waits, then asks again: paused, short of memory or disk, or the store failing.
        case wait(Duration)
        /// Waits for the store to announce items ready (or polls a store that does not), at most
        /// this long, then asks again.
        case waitForItems(Duration)
    }

    /// How a worker's last claim went, when it read nothing.
    package enum ClaimResult: Hashable, Sendable {
        /// The store failed to answer.
        case storeFailed
        /// No item was ready.
        case noneReady
    }

    /// What becomes of an item whose reading failed.
    package enum FailureOutcome: Hashable, Sendable {
        /// Tried again once this long has passed.
        case retry(after: Duration)
        /// Failed for good: a permanent failure, or the last attempt.
        case failForGood
    }

    /// How long a worker waits before looking again while memory or disk is short, or while the
    /// store fails.
    package static let recheckInterval = Duration.seconds(1)
    /// How often consumed results past their retention are purged.
    package static let purgeInterval = Duration.seconds(3600)
    /// The wait before a page read is stored again when the store failed; it doubles to ``longestStoreRetry``.
    package static let firstStoreRetry = Duration.milliseconds(500)
    package static let longestStoreRetry = Duration.seconds(30)

    package private(set) var configuration: OCRProcessor.Configuration
    private let processorCount: Int
    /// Whether the store announces changes; a store that does not is polled.
    private let storeAnnounces: Bool

    package private(set) var isRunning = false
    private var isPausedByCaller = false
    private var shortage: String?
    /// Why the store's last call failed, until one succeeds.
    private var storeFailure: OCRError?
    /// The queue's counts, read from the store now and then and kept up to date in between.
    private var progress = BatchProgress()
    /// The state last published.
    private var published: ProcessorState = .idle
    /// When results were last purged, on the processor's clock.
    private var lastPurge: Duration?

    /// - Parameters:
    ///   - processorCount: the cores that interactive mode gives a worker each.
    ///   - storeAnnounces: whether the store announces changes (``QueueStore/announcesChanges``).
    package init(configuration: OCRProcessor.Configuration, processorCount: Int, storeAnnounces: Bool = false) {
        self.configuration = configuration
        self.processorCount = processorCount
        self.storeAnnounces = storeAnnounces
    }

    // MARK: Events

    /// Takes in what happened, and returns the processor's state when that changed it: the state
    /// to publish.
    @discardableResult
    package mutating func handle(_ event: Event) -> ProcessorState? {
        switch event {
        case .started: isRunning = true
        case .stopped: isRunning = false
        case .paused: isPausedByCaller = true
        case .resumed: isPausedByCaller = false
        case .policyChanged(let policy): configuration.policy = policy
        case .thresholdsChanged(let thresholds): configuration.resources = thresholds
        case .resourcesChecked(let found): shortage = found
        case .storeFailed(let failure): storeFailure = failure
        case .storeAnswered: storeFailure = nil
        case .counted(let counted): progress = counted
        case .itemCompleted:
            progress.pending -= 1
            progress.completed += 1
        case .itemFailedForGood:
            progress.pending -= 1
            progress.failed += 1
        }
        let now = state
        guard now != published else { return nil }
        published = now
        return now
    }

    /// What the processor is doing: paused by the caller first, then a failing store, then a
    /// shortage, then reading while anything is pending.
    package var state: ProcessorState {
        if isPausedByCaller { return .paused(reason: "paused") }
        if let storeFailure { return .waitingForStore(storeFailure) }
        if let shortage { return .paused(reason: shortage) }
        if isRunning && progress.pending > 0 {
            return .processing(completed: progress.completed, failed: progress.failed, total: progress.total)
        }
        return .idle
    }

    // MARK: Workers

    /// How many workers the policy wants: one a core up to ``OCRProcessor/Configuration/jobs``
    /// in interactive mode, one in background mode.
    package var jobs: Int {
        switch configuration.policy {
        case .interactive: max(1, min(processorCount, configuration.jobs))
        case .background: 1
        }
    }

    /// What worker `slot` (from 0) does next, `lastClaim` saying how its last claim went when it
    /// read nothing (`nil` after reading an item, or after waiting).
    package func nextStep(forWorker slot: Int, after lastClaim: ClaimResult?) -> WorkerStep {
        guard isRunning, slot < jobs else { return .stop }
        if isPausedByCaller { return .wait(configuration.pollInterval) }
        if shortage != nil { return .wait(Self.recheckInterval) }
        switch lastClaim {
        case .storeFailed: return .wait(Self.recheckInterval)
        case .noneReady: return .waitForItems(idleWait)
        case nil: return .claim
        }
    }

    /// How long idle workers and subscribers wait before looking again, unless the store
    /// announces a change first.
    package var idleWait: Duration {
        storeAnnounces ? configuration.announcementTimeout : configuration.pollInterval
    }

    /// How long a claimed item's lease lasts.
    package var leaseDuration: Duration { configuration.leaseDuration }

    /// How often a worker renews the lease of the item it reads, and the queue is looked after: a
    /// third of the lease, so that two renewals can fail before it runs out.
    package var renewalInterval: Duration { configuration.leaseDuration / 3 }

    /// The options an item is read with: in background mode, its images made no larger than
    /// ``ProcessingPolicy/backgroundImageSide``.
    package func readingOptions(_ options: RecognitionOptions) -> RecognitionOptions {
        guard configuration.policy == .background else { return options }
        var limited = options
        limited.maximumImageSide = min(options.maximumImageSide ?? .max, ProcessingPolicy.backgroundImageSide)
        return limited
    }

    // MARK: Failures

    /// Whether an item whose attempt `attempt` (from 1) failed with `code` is tried again, and
    /// when: after ``OCRProcessor/Configuration/retryDelay``, doubled for each attempt before;
    /// never for a permanent failure or after ``OCRProcessor/Configuration/maximumAttempts``.
    package func outcome(of code: OCRError.Code, attempt: Int) -> FailureOutcome {
        guard !code.isPermanent, attempt < configuration.maximumAttempts else { return .failForGood }
        return .retry(after: configuration.retryDelay * (1 << min(max(attempt - 1, 0), 30)))
    }

    /// The wait before a page is stored again after the store failed to, `previous` being the last
    /// wait (`nil` at the first failure): it doubles up to ``longestStoreRetry``.
    package static func storeRetryWait(after previous: Duration?) -> Duration {
        guard let previous else { return firstStoreRetry }
        return min(previous * 2, longestStoreRetry)
    }

    // MARK: Upkeep

    /// Whether the queue's upkeep (every ``renewalInterval``, and at start) purges consumed
    /// results past their retention at `now` on the processor's clock: at start, then hourly.
    /// Abandoned items are taken back at every upkeep.
    package mutating func purgesResults(at now: Duration) -> Bool {
        if let lastPurge, now - lastPurge < Self.purgeInterval { return false }
        lastPurge = now
        return true
    }
}
