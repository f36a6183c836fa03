import Foundation
import Testing

extension Trait where Self == OwnThreadsTrait {
    /// Runs the test, or every test of the suite, on threads of the tests' own rather than on
    /// Swift's cooperative threads.
    ///
    /// For tests that keep a core busy for long stretches in this process (benchmarks and
    /// simulations, built without optimisation). The cooperative threads are one a core and
    /// every test of the run shares them: two such tests would leave the others, whose servers
    /// must answer within a time limit, without a thread for a minute and more.
    ///
    /// A test waits for these threads while benchmarks hold them, for minutes in a full run: its
    /// time limit, there to catch a hang, must leave room for that wait (ten minutes does).
    ///
    /// ```swift
    /// @Suite(.onThreadsOfTheirOwn) struct LayoutBenchmarkTests { ... }
    /// ```
    public static var onThreadsOfTheirOwn: Self { Self() }
}

/// The trait behind ``Testing/Trait/onThreadsOfTheirOwn``: the test's task prefers
/// ``OwnThreads``, which its child tasks and the actors it calls inherit.
public struct OwnThreadsTrait: TestCaseTrait {
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OwnThreads.shared) { try await function() }
    }
}

/// A task executor with threads of its own, one a core: the tests on them take no more of the
/// processor than the cooperative threads' tests can spare, and none of those threads.
final class OwnThreads: TaskExecutor, @unchecked Sendable {
    static let shared = OwnThreads(count: ProcessInfo.processInfo.activeProcessorCount)

    /// Guards `jobs`, and wakes a thread when one is added.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for number in 0..<count {
            let thread = Thread { self.work() }
            thread.name = "test thread \(number)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
