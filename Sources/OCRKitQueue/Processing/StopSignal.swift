import Synchronization

/// Tells whoever waits on it that the processor is stopping, so that an idle worker ends its wait
/// at once rather than when the processor's clock says (a test's clock may never say). Each run
/// of the processor, from ``OCRProcessor/start()`` to ``OCRProcessor/stop()``, has its own.
final class StopSignal: Sendable {
    private struct State {
        var isStopped = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Wakes every waiter, and every later one at once.
    func stop() {
        let waiters = state.withLock { state in
            state.isStopped = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits `duration` on `clock`, or less once stopped or cancelled.
    func sleep(for duration: Duration, on clock: QueueClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: duration) }
            group.addTask { await self.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once stopped, or the task is cancelled.
    private func wait() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiter in
                // Under the lock that the cancellation handler takes too: a cancellation that came
                // first is seen here, one that comes later finds the waiter.
                let resumesNow = state.withLock { state in
                    if state.isStopped || Task.isCancelled { return true }
                    state.waiters[id] = waiter
                    return false
                }
                if resumesNow { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
