import Dispatch
import Foundation
import Synchronization

/// Calls `onFirst` at the first Ctrl-C or SIGTERM, and quits the process at the second.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]

    init(onFirst: @escaping @Sendable () -> Void) {
        // The two signals' handlers run on a concurrent queue, perhaps at once: the count is atomic.
        let count = Atomic<Int>(0)
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if count.add(1, ordering: .sequentiallyConsistent).newValue == 1 { onFirst() } else { exit(130) }
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    /// Ctrl-C, and what service managers and `kill` send.
    private static let signals = [SIGINT, SIGTERM]
}
