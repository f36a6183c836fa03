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
///     if case .completed(let page?) = event.kind { print(event.path, page.text) }
///     if try await processor.progress(for: batch).pending == 0 { break }
/// }
/// await processor.stop()
/// ```
public actor OCRProcessor {
    public struct Configuration: Sendable {
        public var policy: ProcessingPolicy = .interactive
        /// Most workers in interactive mode; there is one a core up to this.
        public var workerLimit = 8
        /// Attempts before an item fails for good, interrupted attempts included.
        public var maximumAttempts = 3
        /// How long a lease lasts without renewal; workers renew at a third of it.
        public var leaseDuration: Duration = .seconds(60)
        /// The wait before the first retry; it doubles with each attempt.
        public var retryDelay: Duration = .seconds(2)
        /// How long consumed results are kept before purging.
        public var retention: Duration = .seconds(72 * 3600)
        /// How often idle workers look for new work, and subscribers for new events, in a store
        /// that does not announce changes (SQLite).
        public var pollInterval: Duration = .milliseconds(100)
        /// How long they wait for an announcement before looking anyway, in a store that
        /// announces changes (PostgreSQL): retries come due unannounced.
        public var announcementTimeout: Duration = .seconds(1)
        public var resources: ResourceThresholds

        /// - Parameter diskPath: where results are written (the store's file), for the free-space
        ///   check; the current folder by default.
        public init(diskPath: String = ".") {
            resources = ResourceThresholds(diskPath: diskPath)
        }
    }

    public let store: any QueueStore
    public let reader: PageReader
    private var configuration: Configuration
    private let owner = LeaseOwner.current()

    /// Whether the workers are running: between ``start()`` and ``stop()``.
    public private(set) var isRunning = false
    private var isPausedByCaller = false
    private var shortage: String?
    /// Why the store's last call failed, until one succeeds.
    private var storeFailure: OCRError?
    private var workers: [Int: Task<Void, Never>] = [:]
    private var maintenance: Task<Void, Never>?
    /// The queue's counts, read from the store now and then and kept up to date in between.
    private var progress = BatchProgress()
    private var stateObservers: [UUID: AsyncStream<ProcessorState>.Continuation] = [:]
    private var lastState: ProcessorState = .idle

    public init(store: any QueueStore, reader: PageReader, configuration: Configuration = Configuration()) {
        self.store = store
        self.reader = reader
        self.configuration = configuration
    }

    // MARK: Queueing

    /// Adds a batch of files and returns its ID: an image is one item, a document (a PDF, a
    /// multi-page TIFF) one item a page, each page that holds no text yet
    /// (``OCRKit/PagesWithText/skip``). The same path twice in one batch is read once; items are
    /// read in the order given. A file that cannot be opened now is queued as it is: reading it
    /// fails with the reason, naming it, and the others are read.
    ///
    /// - Parameters:
    ///   - document: where the pages are to be written as one document, in the order given, once
    ///     all are read (``BatchSummary/document``); writing it is the caller's part.
    ///   - storingImages: stores the files themselves in the queue (a document's page as a
    ///     document of its own), so that workers on machines that do not see these paths can read
    ///     them. A file that cannot be read now, or is larger than ``largestStoredImage``, is left
    ///     to be read at its path.
    /// - Throws: an ``OCRKit/OCRError/Code/invalidOption`` for options the reader cannot honour.
    public func enqueue(_ paths: [String], name: String? = nil, document: String? = nil,
                        options: RecognitionOptions = RecognitionOptions(), storingImages: Bool = false) async throws -> BatchID {
        var pages: [QueuedPage] = []
        for path in paths {
            if let plan = try? await reader.plan(path) {
                pages += QueuedPage.pages(of: plan)
            } else {
                pages.append(QueuedPage(path: path))
            }
        }
        return try await enqueue(pages, name: name, document: document, options: options, storingImages: storingImages)
    }

    /// Adds a batch of pages the caller chose (``OCRKit/PageReader/plan(_:selection:pagesWithText:)``
    /// chooses a document's), and returns its ID; otherwise as the `enqueue` of paths.
    public func enqueue(_ pages: [QueuedPage], name: String? = nil, document: String? = nil,
                        options: RecognitionOptions = RecognitionOptions(), storingImages: Bool = false) async throws -> BatchID {
        try checkOptions(options)
        let decoder = reader.decoder
        let images: ImageContents? = storingImages ? { @Sendable page in Self.storableContents(of: page, decoder: decoder) } : nil
        let batch = try await store.addBatch(name: name, pages: pages, options: options, document: document, images: images, now: Date())
        await refreshProgress()
        return batch
    }

    /// Adds a batch of files held in memory (uploaded to a server, say), each stored in the queue
    /// under its page (its name, and its number in a document), and returns its ID. Pages must
    /// differ: the same page twice is one item.
    ///
    /// - Throws: an ``OCRKit/OCRError/Code/invalidOption`` for options the reader cannot honour.
    public func enqueue(contentsOf files: [(page: QueuedPage, contents: Data)], name: String? = nil, document: String? = nil,
                        options: RecognitionOptions = RecognitionOptions()) async throws -> BatchID {
        try checkOptions(options)
        let contents = Dictionary(files.map { ($0.page, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let batch = try await store.addBatch(name: name, pages: files.map(\.page), options: options, document: document,
                                             images: { contents[$0] }, now: Date())
        await refreshProgress()
        return batch
    }

    private func checkOptions(_ options: RecognitionOptions) throws {
        try reader.engine.validate(options)
        if options.straightensPage && reader.straightener == nil {
            throw OCRError(.invalidOption, reason: "straightening photos needs an image straightener, and the processor's reader has none")
        }
    }

    /// The largest file (an image, or a document's page cut out), in bytes, that `enqueue` stores
    /// in the queue: 256 MiB.
    public static let largestStoredImage = 256 << 20

    private static func storableContents(of page: QueuedPage, decoder: any ImageDecoder) -> Data? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: page.path))?[.size] as? Int else { return nil }
        guard let number = page.pageNumber else {
            return size <= largestStoredImage ? try? Data(contentsOf: URL(fileURLWithPath: page.path)) : nil
        }
        return (try? decoder.contents(ofPage: number, ofFileAt: page.path)).flatMap { $0.count <= largestStoredImage ? $0 : nil }
    }

    /// The progress of `batch`, or of the whole queue.
    public func progress(for batch: BatchID?) async throws -> BatchProgress {
        try await store.progress(of: batch)
    }

    /// Cancels the items of `batch` that have not started; items being read finish.
    @discardableResult
    public func cancel(batch: BatchID) async throws -> Int {
        try await store.cancel(batch: batch, now: Date())
    }

    /// Cancels every item that has not started.
    @discardableResult
    public func cancelAll() async throws -> Int {
        try await store.cancel(batch: nil, now: Date())
    }

    /// Puts items of `batch` (of every batch when `nil`) that failed for good back in the queue,
    /// with their attempts reset: after the missing file was restored, or the disk was mended.
    @discardableResult
    public func retryFailed(batch: BatchID? = nil) async throws -> Int {
        try await store.retryFailed(batch: batch, now: Date())
    }

    /// Completed results nobody has marked consumed yet, in batch order.
    public func unconsumedResults() async throws -> [ItemResult] {
        try await store.results(batch: nil, unconsumedOnly: true)
    }

    /// Marks results as consumed: they are purged once the retention period has passed.
    public func markConsumed(_ items: [ItemID]) async throws {
        try await store.markConsumed(items, purgeAfter: Date().addingTimeInterval(configuration.retention.timeInterval))
    }

    /// Deletes consumed results past their retention now; the processor also does this hourly.
    @discardableResult
    public func purge() async throws -> Int {
        try await store.purge(now: Date())
    }

    // MARK: Running

    /// Starts the workers; they read until ``stop()``. Items abandoned by processes that ended
    /// are taken back first.
    public func start() async {
        guard !isRunning else { return }
        isRunning = true
        await recoverAbandonedItems()
        await purgeExpiredResults()
        adjustWorkers()
        let interval = configuration.leaseDuration / 3
        maintenance = Task { [weak self] in
            var lastPurge = ContinuousClock.now
            // Cancelled by stop(): a store call made after it would fail and be reported as the
            // store's failure.
            while (try? await Task.sleep(for: interval)) != nil {
                guard let self else { return }
                await self.recoverAbandonedItems()
                if ContinuousClock.now - lastPurge > .seconds(3600) {
                    lastPurge = .now
                    await self.purgeExpiredResults()
                }
            }
        }
    }

    /// Stops taking items, lets the items being read finish, and returns when every worker has.
    public func stop() async {
        isRunning = false
        maintenance?.cancel()
        maintenance = nil
        let running = workers.values
        for worker in running { await worker.value }
        workers = [:]
        publishState()
    }

    /// Returns when no item is waiting, being read or waiting for a retry, in this process or
    /// any other sharing the store.
    public func waitUntilIdle() async throws {
        var looked = ContinuousClock.now
        while try await store.progress(of: nil).pending > 0 {
            // Every item that ends records an event.
            await store.waitFor(.eventsRecorded, since: looked, timeout: idleWait)
            try Task.checkCancellation()
            looked = .now
        }
    }

    /// Stops taking new items until ``resume()``; items being read finish.
    public func pause() {
        isPausedByCaller = true
        publishState()
    }

    public func resume() {
        isPausedByCaller = false
        publishState()
    }

    /// Switches between interactive and background reading, taking effect from the next item.
    public func setPolicy(_ policy: ProcessingPolicy) {
        configuration.policy = policy
        adjustWorkers()
    }

    public func setResourceThresholds(_ thresholds: ResourceThresholds) {
        configuration.resources = thresholds
    }

    // MARK: Observing

    /// What the processor is doing, now and from now on; any number of subscribers.
    public nonisolated var states: AsyncStream<ProcessorState> {
        AsyncStream { continuation in
            let id = UUID()
            Task { await self.addStateObserver(id, continuation) }
            continuation.onTermination = { _ in Task { await self.removeStateObserver(id) } }
        }
    }

    /// Every event still stored, then new ones as they happen, from every process sharing the
    /// store; any number of subscribers.
    public nonisolated var events: AsyncStream<ProcessorEvent> {
        events(after: .beginning)
    }

    /// Events after `cursor`, then new ones as they happen.
    public nonisolated func events(after cursor: EventCursor) -> AsyncStream<ProcessorEvent> {
        let store = self.store
        return AsyncStream { continuation in
            let poller = Task {
                let interval = await self.idleWait
                var cursor = cursor
                while !Task.isCancelled {
                    // A store that fails is tried again: the stream goes on from its cursor.
                    let looked = ContinuousClock.now
                    let events = await self.storing("read the events") { try await store.events(after: cursor, limit: 256) }
                    for event in events ?? [] {
                        continuation.yield(event)
                        cursor = event.cursor
                    }
                    if events == nil {
                        try? await Task.sleep(for: .seconds(1))
                    } else if events?.isEmpty == true {
                        await store.waitFor(.eventsRecorded, since: looked, timeout: interval)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in poller.cancel() }
        }
    }

    private func addStateObserver(_ id: UUID, _ continuation: AsyncStream<ProcessorState>.Continuation) {
        stateObservers[id] = continuation
        continuation.yield(currentState)
    }

    private func removeStateObserver(_ id: UUID) {
        stateObservers[id] = nil
    }

    private var currentState: ProcessorState {
        if isPausedByCaller { return .paused(reason: "paused") }
        if let storeFailure { return .waitingForStore(storeFailure) }
        if let shortage { return .paused(reason: shortage) }
        if isRunning && progress.pending > 0 {
            return .processing(completed: progress.completed, failed: progress.failed, total: progress.total)
        }
        return .idle
    }

    private func publishState() {
        let state = currentState
        guard state != lastState else { return }
        lastState = state
        for observer in stateObservers.values { observer.yield(state) }
    }

    // MARK: Workers

    private var targetWorkerCount: Int {
        switch configuration.policy {
        case .interactive: max(1, min(ProcessInfo.processInfo.activeProcessorCount, configuration.workerLimit))
        case .background: 1
        }
    }

    /// Starts workers up to the policy's count; workers beyond it stop after their current item.
    private func adjustWorkers() {
        guard isRunning else { return }
        for slot in 0..<targetWorkerCount where workers[slot] == nil {
            workers[slot] = Task { await self.work(slot: slot) }
        }
    }

    private func work(slot: Int) async {
        defer { workers[slot] = nil }
        while isRunning && slot < targetWorkerCount {
            if isPausedByCaller {
                await idle()
                continue
            }
            shortage = configuration.resources.shortage()
            publishState()
            if shortage != nil {
                await idle(for: .seconds(1))
                continue
            }
            let now = Date(), expiry = now.addingTimeInterval(configuration.leaseDuration.timeInterval)
            let owner = self.owner.description, looked = ContinuousClock.now
            let claim = await storing("take the next item") { try await store.claimNextItem(owner: owner, expiry: expiry, now: now) }
            guard let claimed = claim else {
                await idle(for: .seconds(1))
                continue
            }
            guard let item = claimed else {
                await store.waitFor(.itemsReady, since: looked, timeout: idleWait)
                await refreshProgress()
                continue
            }
            await read(item)
        }
    }

    private func idle(for duration: Duration? = nil) async {
        try? await Task.sleep(for: duration ?? configuration.pollInterval)
        await refreshProgress()
    }

    /// How long idle workers and subscribers wait before looking again, unless the store
    /// announces a change first.
    private var idleWait: Duration {
        store.announcesChanges ? configuration.announcementTimeout : configuration.pollInterval
    }

    /// Reads the queue's counts from the store, where other processes' work shows too, and
    /// publishes the state they give.
    private func refreshProgress() async {
        if let refreshed = await storing("count the queue's items", { try await store.progress(of: nil) }) { progress = refreshed }
        publishState()
    }

    /// Runs one call to the store. A failure becomes the processor's state, and `nil` the
    /// answer, until a call succeeds.
    private func storing<Value>(_ action: String, _ call: () async throws -> Value) async -> Value? {
        do {
            let value = try await call()
            if storeFailure != nil {
                storeFailure = nil
                publishState()
            }
            return value
        } catch {
            storeFailure = OCRError(.storeFailure, reason: "the queue's store could not \(action): \(error)", underlyingError: error)
            publishState()
            return nil
        }
    }

    /// Reads one leased item and records its outcome, renewing the lease while it takes.
    private func read(_ item: ClaimedItem) async {
        var options = item.options
        if configuration.policy == .background {
            options.maximumImageSide = min(options.maximumImageSide ?? .max, ProcessingPolicy.backgroundImageSide)
        }
        let renewal = renewLease(of: item.id)
        defer { renewal.cancel() }
        do {
            var page = if let contents = item.contents {
                try await reader.read(contents, name: item.path, options: options)
            } else {
                try await reader.read(item.path, page: item.pageNumber, options: options)
            }
            // Stored contents are the page alone: its number is the one in the document.
            page.pageNumber = item.pageNumber
            await save(page, of: item)
        } catch {
            await recordFailure(error as? OCRError ?? OCRError(.engineFailure, path: item.path, reason: "\(error)", underlyingError: error), of: item)
        }
        publishState()
    }

    /// Stores what was read, trying again while the store fails, as long as the processor runs
    /// and the lease holds; when the processor stops first, the item is given back, to be read
    /// again, rather than marked read without its page.
    private func save(_ page: Page, of item: ClaimedItem) async {
        let owner = self.owner.description
        var wait = Duration.milliseconds(500)
        while true {
            let stored = await storing("store the page of \(item.path)") {
                try await store.complete(item.id, owner: owner, page: page, now: Date())
            }
            if let stored {
                // Not stored: the lease expired and another worker took the item.
                if stored {
                    progress.pending -= 1
                    progress.completed += 1
                }
                return
            }
            guard isRunning else {
                _ = await storing("give back \(item.path)") { try await store.release(item.id, owner: owner, now: Date()) }
                return
            }
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, .seconds(30))
        }
    }

    /// Records a failed read: a retry after a delay that doubles with each attempt, or, for a
    /// permanent failure or the last attempt, a failure for good. When the store fails to record
    /// it, the lease runs out and the item is read again.
    private func recordFailure(_ failure: OCRError, of item: ClaimedItem) async {
        let owner = self.owner.description
        let retries = !failure.code.isPermanent && item.attempts < configuration.maximumAttempts
        let delay = configuration.retryDelay.timeInterval * pow(2, Double(item.attempts - 1))
        let retryAt = retries ? Date().addingTimeInterval(delay) : nil
        let recorded = await storing("record the failure of \(item.path)") {
            try await store.fail(item.id, owner: owner, error: failure, retryAt: retryAt, now: Date())
        }
        if recorded == true && !retries {
            progress.pending -= 1
            progress.failed += 1
        }
    }

    private func renewLease(of item: ItemID) -> Task<Void, Never> {
        let lease = configuration.leaseDuration
        return Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: lease / 3)
                guard !Task.isCancelled else { return }
                await self.renew(item, for: lease)
            }
        }
    }

    private func renew(_ item: ItemID, for lease: Duration) async {
        let owner = self.owner.description
        _ = await storing("renew the lease on an item") {
            try await store.renewLease(of: item, owner: owner, expiry: Date().addingTimeInterval(lease.timeInterval))
        }
    }

    private func purgeExpiredResults() async {
        _ = await storing("purge the results past their retention") { try await store.purge(now: Date()) }
    }

    /// Takes back items whose lease expired, or whose process on this host has ended.
    private func recoverAbandonedItems() async {
        let owners = await storing("list the workers holding items") { try await store.leaseOwners() } ?? []
        let abandoned = owners.filter { LeaseOwner($0)?.isAbandoned(judgedBy: owner) ?? false }
        let attempts = configuration.maximumAttempts
        _ = await storing("take back abandoned items") {
            try await store.recoverItems(abandonedBy: abandoned, maximumAttempts: attempts, now: Date())
        }
        await refreshProgress()
    }
}
