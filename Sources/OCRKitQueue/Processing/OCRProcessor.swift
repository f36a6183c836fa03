import Foundation
import OCRKit

/// A persistent, kill-safe batch queue of images to read.
///
/// Enqueue files, start the processor, and every item ends exactly once in a final state
/// (completed with its page, failed with a clear error, or cancelled), even if the process is
/// killed any number of times and started again. Work is leased with an expiry: a worker that
/// dies leaves its items to be taken back, by the next start on the same host at once, by any
/// process once the lease expires. Transient failures are retried with backoff up to
/// ``Configuration/maximumAttempts``; permanent ones (missing, corrupt, unsupported, too large)
/// fail at once. Events are stored with the state they report, so subscribers can resume from a
/// cursor and miss nothing.
///
/// A store that fails (a full disk, a database gone) is not a failed read: the processor's state
/// becomes ``ProcessorState/waitingForStore(_:)``, no new item is taken, and a page read
/// meanwhile is kept and stored once the store answers. An item is marked read only with its
/// page stored; one the processor stops before it could store is given back, to be read again.
///
/// ```swift
/// let processor = OCRProcessor(store: try SQLiteQueueStore(path: queuePath), reader: reader)
/// let batch = try await processor.enqueue(scans)   // images, and each page of a PDF
/// await processor.start()
/// for await event in processor.events where event.batch == batch {
///     if case .completed(let page?) = event.kind { print(event.image, page.text) }
///     if try await processor.progress(for: batch).pending == 0 { break }
/// }
/// await processor.stop()
/// ```
///
/// ## Where things happen
/// - What to do next (take an item, wait, stop a worker, retry a failure, which state to report)
///   is decided by a ``ProcessorStateMachine`` the actor keeps; the actor does the store's and the
///   reader's work it decides on.
/// - Time comes from the clock given to ``init(store:reader:configuration:clock:)``: every wait,
///   and the dates of leases, retries and events. A test gives a test clock and moves it on.
/// - Between ``start()`` and ``stop()``, the workers and the queue's upkeep run in one task group;
///   ``stop()`` returns when they have all ended. A lease is renewed by a child task of its read.
public actor OCRProcessor {
    public let store: any QueueStore
    public let reader: PageReader
    let clock: QueueClock
    let owner = LeaseOwner.current()
    /// What the processor decides, driven by what happens.
    var machine: ProcessorStateMachine
    /// The task group of workers and upkeep, between ``start()`` and ``stop()``.
    private var running: Task<Void, Never>?
    /// Starts a worker in the running group, in the slot given.
    private var workerSlots: AsyncStream<Int>.Continuation?
    /// Ends idle workers' waits when ``stop()`` is called.
    var stopping = StopSignal()
    /// The slots with a worker.
    var workers: Set<Int> = []
    var stateObservers: [UUID: AsyncStream<ProcessorState>.Continuation] = [:]

    /// - Parameter clock: the clock the processor waits on and dates what it stores by; the
    ///   system's by default.
    public init(store: any QueueStore, reader: PageReader, configuration: Configuration = Configuration(),
                clock: some Clock<Duration> = ContinuousClock()) {
        self.store = store
        self.reader = reader
        self.clock = QueueClock(clock)
        machine = ProcessorStateMachine(configuration: configuration, processorCount: ProcessInfo.processInfo.activeProcessorCount,
                                        storeAnnounces: store.announcesChanges)
    }

    // MARK: Running

    /// Whether the workers are running: between ``start()`` and ``stop()``.
    public var isRunning: Bool { machine.isRunning }

    /// Starts the workers; they read until ``stop()``. Items abandoned by processes that ended
    /// are taken back first.
    public func start() async {
        guard !machine.isRunning else { return }
        handle(.started)
        stopping = StopSignal()
        await keepUp()
        let (slots, starter) = AsyncStream.makeStream(of: Int.self)
        workerSlots = starter
        running = Task { await self.run(startingWorkersIn: slots) }
        adjustWorkers()
    }

    /// Stops taking items, lets the items being read finish, and returns when every worker has.
    public func stop() async {
        handle(.stopped)
        stopping.stop()
        workerSlots?.finish()
        workerSlots = nil
        await running?.value
        running = nil
    }

    /// Stops taking new items until ``resume()``; items being read finish.
    public func pause() {
        handle(.paused)
    }

    public func resume() {
        handle(.resumed)
    }

    /// Switches between interactive and background reading, taking effect from the next item.
    public func setPolicy(_ policy: ProcessingPolicy) {
        handle(.policyChanged(policy))
        adjustWorkers()
    }

    public func setResourceThresholds(_ thresholds: ResourceThresholds) {
        handle(.thresholdsChanged(thresholds))
    }

    /// Returns when no item is waiting, being read or waiting for a retry, in this process or
    /// any other sharing the store.
    public func waitUntilIdle() async throws {
        var looked = ContinuousClock.now
        while try await store.progress(of: nil).pending > 0 {
            // Every item that ends records an event.
            await waitFor(.eventsRecorded, since: looked, timeout: machine.idleWait)
            try Task.checkCancellation()
            looked = .now
        }
    }

    /// Runs the workers, each started by a slot sent, and the queue's upkeep, until the slots end
    /// (``stop()``) and every worker has finished its item.
    private func run(startingWorkersIn slots: AsyncStream<Int>) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.keepUpUntilCancelled() }
            await withDiscardingTaskGroup { workers in
                for await slot in slots {
                    workers.addTask { await self.work(slot: slot) }
                }
            }
            group.cancelAll()
        }
    }

    /// Starts workers up to the policy's count; workers beyond it stop after their current item.
    private func adjustWorkers() {
        guard machine.isRunning, let workerSlots else { return }
        for slot in 0..<machine.jobs where !workers.contains(slot) {
            workers.insert(slot)
            workerSlots.yield(slot)
        }
    }

    /// Tells the state machine what happened, and publishes the state when that changed it.
    func handle(_ event: ProcessorStateMachine.Event) {
        guard let state = machine.handle(event) else { return }
        for observer in stateObservers.values { observer.yield(state) }
    }

    /// Waits for `change` in a store that announces changes, at most `timeout`; in one that does
    /// not, `timeout` on the processor's clock. A worker's wait ends at once when `stopping` does.
    func waitFor(_ change: QueueChange, since looked: ContinuousClock.Instant, timeout: Duration,
                 unless stopping: StopSignal? = nil) async {
        guard store.announcesChanges else {
            if let stopping { await stopping.sleep(for: timeout, on: clock) } else { try? await clock.sleep(for: timeout) }
            return
        }
        guard let stopping else { return await store.waitFor(change, since: looked, timeout: timeout) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.store.waitFor(change, since: looked, timeout: timeout) }
            group.addTask { await stopping.sleep(for: timeout, on: self.clock) }
            await group.next()
            group.cancelAll()
        }
    }
}
