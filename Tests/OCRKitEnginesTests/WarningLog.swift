import Logging
import Synchronization

/// A logger whose warnings the test can read back.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    var messages: [String] { lines.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    private struct Handler: LogHandler {
        let log: WarningLog
        var logLevel = Logger.Level.warning
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.lines.withLock { $0.append(event.message.description) }
        }
    }
}
