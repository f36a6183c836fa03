import Foundation
import Testing

extension Trait where Self == HeavyTrait {
    /// Marks a test, or every test of a suite, as heavy: one that starts `ocr` processes, servers,
    /// PostgreSQL, a browser or ffmpeg, or keeps a core busy in this process for seconds (engines
    /// reading pages, benchmarks, simulations).
    ///
    /// The suite is bounded by the cores, not by the clock: at most as many heavy tests run at
    /// once as the machine has cores (``HeavyWorkGate``), while light tests run beside them
    /// freely. Started all at once, the heavy suites drove a 2-core machine's load to 45, and
    /// tests waiting on a server's answer failed on its patience. Where a heavy test runs is
    /// another matter: one that keeps a thread busy in this process takes
    /// ``Testing/Trait/onThreadsOfTheirOwn`` too.
    ///
    /// `hangGuard` is no verdict on speed: it ends a test that hangs, counted from when the test
    /// holds its core, not from when it started waiting for one (swift-testing's `.timeLimit`
    /// counts the wait, so heavy tests do not use it). Give it five times the test's time on a
    /// loaded machine at least.
    ///
    /// ```swift
    /// @Suite(.heavy) struct ServeCommandTests { ... }
    /// @Test(.heavy(hangGuard: .seconds(1200))) func aKilledScanResumes() async throws { ... }
    /// ```
    public static var heavy: Self { heavy(hangGuard: .seconds(600)) }

    /// A heavy test (``heavy``) that hangs when it runs longer than `hangGuard` once it holds its
    /// core.
    public static func heavy(hangGuard: Duration) -> Self { Self(hangGuard: hangGuard) }
}

/// The trait behind ``Testing/Trait/heavy``.
public struct HeavyTrait: TestCaseTrait {
    /// How long a test may run, once it holds its core, before it is taken to hang.
    public var hangGuard: Duration

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A heavy test in a heavy suite meets both traits: the outer one holds the core.
        if HeavyWorkGate.holdsCore {
            return try await withHangGuard(function)
        }
        try await HeavyWorkGate.shared.withCore {
            let start = ContinuousClock.now
            defer { HeavyWorkGate.report(ContinuousClock.now - start, of: test, testCase) }
            try await HeavyWorkGate.$holdsCore.withValue(true) { try await withHangGuard(function) }
        }
    }

    /// Runs `function`, recording an issue and cancelling it if it runs past ``hangGuard``.
    private func withHangGuard(_ function: @Sendable () async throws -> Void) async throws {
        let hangGuard = hangGuard
        try await withoutActuallyEscaping(function) { function in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { try await function(); return true }
                group.addTask {
                    // Cancelled once the test has ended.
                    guard (try? await Task.sleep(for: hangGuard)) != nil else { return false }
                    Issue.record("Hangs: still running after \(hangGuard) holding its core (the heavy trait's hang guard)")
                    return false
                }
                _ = try await group.next()
                group.cancelAll()
                // The test's own errors, if it ends with one once cancelled.
                while try await group.next() != nil {}
            }
        }
    }
}

/// At most as many heavy tests at once as the machine has cores, the rest waiting their turn in
/// the order they came: the gate behind ``Testing/Trait/heavy``, one for the whole test process.
public actor HeavyWorkGate {
    public static let shared = HeavyWorkGate(cores: ProcessInfo.processInfo.activeProcessorCount)

    /// Whether the current task runs a heavy test that holds one of the cores.
    @TaskLocal static var holdsCore = false

    /// Where the time each heavy test held its core goes, a line a test case, when the
    /// environment names a file in `OCRKIT_HEAVY_TIMES`: which tests to make lighter.
    static let timesFile = ProcessInfo.processInfo.environment["OCRKIT_HEAVY_TIMES"]

    static func report(_ time: Duration, of test: Test, _ testCase: Test.Case?) {
        guard let timesFile else { return }
        // Appended whole, each line in one write, as tests end side by side.
        let descriptor = open(timesFile, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        let line = Array(String(format: "%.1f\t%@\n", seconds, "\(test.id)").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    private var freeCores: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(cores: Int) {
        freeCores = max(cores, 1)
    }

    /// Runs `work` once one of the cores is free, holding it until `work` ends.
    public func withCore<T: Sendable>(_ work: @Sendable () async throws -> T) async rethrows -> T {
        await take()
        defer { give() }
        return try await work()
    }

    private func take() async {
        if freeCores > 0 {
            freeCores -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            freeCores += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
