import Synchronization

/// What a test's examples print, kept so that the test can check it. A suite declares its own
/// `print`, which the examples it runs as written then call:
///
/// ```swift
/// private let printed = PrintedLines()
/// private func print(_ items: Any..., separator: String = " ") { printed.print(items, separator: separator) }
/// ```
public final class PrintedLines: Sendable {
    private let kept = Mutex<[String]>([])

    public init() {}

    /// Keeps the line and prints it, as Swift's `print` would.
    public func print(_ items: [Any], separator: String = " ") {
        let line = items.map { "\($0)" }.joined(separator: separator)
        kept.withLock { $0.append(line) }
        Swift.print(line)
    }

    /// Every line printed so far, in order; a printed text of several lines gives several.
    public var lines: [String] {
        kept.withLock { $0 }.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The first line that starts with `prefix`.
    public func line(startingWith prefix: String) -> String? {
        lines.first { $0.hasPrefix(prefix) }
    }
}
