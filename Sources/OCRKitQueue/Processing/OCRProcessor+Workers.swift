import Foundation
import OCRKit

/// The workers, the queue's upkeep, and calls to the store.
extension OCRProcessor {
    /// Takes items and reads them, as the state machine says, until it says to stop.
    func work(slot: Int) async {
        defer { workers.remove(slot) }
        var lastClaim: ProcessorStateMachine.ClaimResult?
        // Before the last claim: a change announced while claiming is not missed.
        var looked = ContinuousClock.now
        while true {
            if lastClaim == nil { handle(.resourcesChecked(shortage: machine.configuration.resources.shortage())) }
            switch machine.nextStep(forWorker: slot, after: lastClaim) {
            case .stop:
                return
            case .wait(let duration):
                await stopping.sleep(for: duration, on: clock)
                await countItems()
                lastClaim = nil
            case .waitForItems(let timeout):
                await waitFor(.itemsReady, since: looked, timeout: timeout, unless: stopping)
                await countItems()
                lastClaim = nil
            case .claim:
                looked = ContinuousClock.now
                let owner = owner.description, now = clock.date, expiry = clock.date(after: machine.leaseDuration)
                switch await storing("take the next item", { try await store.claimNextItem(owner: owner, expiry: expiry, now: now) }) {
                case nil: lastClaim = .storeFailed
                case .some(nil): lastClaim = .noneReady
                case .some(let item?):
                    await read(item)
                    lastClaim = nil
                }
            }
        }
    }

    /// How long idle workers and subscribers wait before looking again, unless the store
    /// announces a change first.
    var idleWait: Duration { machine.idleWait }

    /// Reads the queue's counts from the store, where other processes' work shows too.
    func countItems() async {
        if let counted = await storing("count the queue's items", { try await store.progress(of: nil) }) { handle(.counted(counted)) }
    }

    /// Runs one call to the store. A failure becomes the processor's state, and `nil` the
    /// answer, until a call succeeds.
    func storing<Value>(_ action: String, _ call: () async throws -> Value) async -> Value? {
        do {
            let value = try await call()
            handle(.storeAnswered)
            return value
        } catch {
            handle(.storeFailed(OCRError(.storeFailure, reason: "the queue's store could not \(action): \(error)", underlyingError: error)))
            return nil
        }
    }

    /// Reads one leased item and records its outcome, renewing the lease while it takes.
    private func read(_ item: ClaimedItem) async {
        let options = machine.readingOptions(item.options)
        await withDiscardingTaskGroup { group in
            group.addTask { await self.renewLease(of: item.id) }
            do {
                var page = if let contents = item.contents {
                    try await reader.read(contents, image: item.image, options: options)
                } else {
                    try await reader.read(item.image, page: item.pageNumber, options: options)
                }
                // Stored contents are the page alone: its number is the one in the document.
                page.pageNumber = item.pageNumber
                await save(page, of: item)
            } catch {
                await recordFailure(error as? OCRError ?? OCRError(.engineFailure, path: item.image, reason: "\(error)", underlyingError: error),
                                    of: item)
            }
            group.cancelAll()
        }
    }

    /// Stores what was read, trying again while the store fails, as long as the processor runs
    /// and the lease holds; when the processor stops first, the item is given back, to be read
    /// again, rather than marked read without its page.
    private func save(_ page: Page, of item: ClaimedItem) async {
        let owner = owner.description
        var wait: Duration?
        while true {
            let now = clock.date
            if let stored = await storing("store the page of \(item.image)", { try await store.complete(item.id, owner: owner, page: page, now: now) }) {
                // Not stored: the lease expired and another worker took the item.
                if stored { handle(.itemCompleted) }
                return
            }
            guard machine.isRunning else {
                let now = clock.date
                _ = await storing("give back \(item.image)") { try await store.release(item.id, owner: owner, now: now) }
                return
            }
            let next = ProcessorStateMachine.storeRetryWait(after: wait)
            await stopping.sleep(for: next, on: clock)
            wait = next
        }
    }

    /// Records a failed read: a retry when the state machine says so, or a failure for good. When
    /// the store fails to record it, the lease runs out and the item is read again.
    private func recordFailure(_ failure: OCRError, of item: ClaimedItem) async {
        let owner = owner.description, now = clock.date
        let retryAt: Date? = switch machine.outcome(of: failure.code, attempt: item.attempts) {
        case .retry(let delay): clock.date(after: delay)
        case .failForGood: nil
        }
        let recorded = await storing("record the failure of \(item.image)") {
            try await store.fail(item.id, owner: owner, error: failure, retryAt: retryAt, now: now)
        }
        if recorded == true && retryAt == nil { handle(.itemFailedForGood) }
    }

    /// Renews the lease of `item` every ``ProcessorStateMachine/renewalInterval``, until cancelled.
    private func renewLease(of item: ItemID) async {
        let owner = owner.description
        while (try? await clock.sleep(for: machine.renewalInterval)) != nil {
            let expiry = clock.date(after: machine.leaseDuration)
            _ = await storing("renew the lease on an item") { try await store.renewLease(of: item, owner: owner, expiry: expiry) }
        }
    }

    /// Looks after the queue every ``ProcessorStateMachine/renewalInterval``, until cancelled.
    func keepUpUntilCancelled() async {
        while (try? await clock.sleep(for: machine.renewalInterval)) != nil {
            await keepUp()
        }
    }

    /// Takes back items whose lease expired, or whose process on this host has ended, and purges
    /// results past their retention when it is time.
    func keepUp() async {
        let owners = await storing("list the workers holding items") { try await store.leaseOwners() } ?? []
        let abandoned = owners.filter { LeaseOwner($0)?.isAbandoned(judgedBy: owner) ?? false }
        let attempts = machine.configuration.maximumAttempts, now = clock.date
        _ = await storing("take back abandoned items") {
            try await store.recoverItems(abandonedBy: abandoned, maximumAttempts: attempts, now: now)
        }
        if machine.purgesResults(at: clock.sinceStart) {
            let now = clock.date
            _ = await storing("purge the results past their retention") { try await store.purge(now: now) }
        }
        await countItems()
    }
}
