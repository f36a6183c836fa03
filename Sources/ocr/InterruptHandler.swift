import Dispatch
import Foundation

/// Calls `onFirst` at the first Ctrl-C or SIGTERM, and quits the process at the second.
final class InterruptHandler {
    private let sources: [any DispatchSourceSignal]

    init(onFirst: @escaping @Sendable () -> Void) {
        let count = Counter()
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if count.increment() == 1 { onFirst() } else { exit(130) }
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

    private final class Counter: @unchecked Sendable {
        // Only touched from the signal source's handler, which runs one event at a time.
        private var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }
}
