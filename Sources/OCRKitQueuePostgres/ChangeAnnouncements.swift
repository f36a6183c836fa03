import OCRKitQueue

/// The changes a store was told of, and the callers waiting for them.
actor ChangeAnnouncements {
    private var latest: [QueueChange: ContinuousClock.Instant] = [:]
    private var waiters: [Int: (change: QueueChange, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiter = 0

    /// Records `changes` as made now, and wakes those waiting for them.
    func announce(_ changes: [QueueChange]) {
        let now = ContinuousClock.now
        for change in changes { latest[change] = now }
        for (id, waiter) in waiters where changes.contains(waiter.change) {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// Returns once `change` is announced after `instant`, or after `timeout`.
    func waitFor(_ change: QueueChange, since instant: ContinuousClock.Instant, timeout: Duration) async {
        if let announced = latest[change], announced >= instant { return }
        let id = nextWaiter
        nextWaiter += 1
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[id] = (change, $0) }
        } onCancel: {
            Task { await self.wake(id) }
        }
        timer.cancel()
    }

    private func wake(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }
}
