import Foundation
import OCRKit
import Synchronization
import Testing

/// A worker's state: which thread made it.
private final class Birthplace {
    let thread = pthread_self()
}

/// Counts shared by the threads of a test.
private final class Counters: Sendable {
    private let state = Mutex((made: 0, running: 0, mostRunning: 0))

    func made() -> Int { state.withLock { $0.made += 1; return $0.made } }
    var madeCount: Int { state.withLock { $0.made } }
    var mostRunning: Int { state.withLock { $0.mostRunning } }

    func enter() { state.withLock { $0.running += 1; $0.mostRunning = max($0.mostRunning, $0.running) } }
    func leave() { state.withLock { $0.running -= 1 } }
    var running: Int { state.withLock { $0.running } }
}

private struct SetUpFailed: Error {}

@Suite struct BlockingWorkerPoolTests {
    @Test func eachStateStaysOnTheThreadThatMadeIt() async throws {
        let counters = Counters()
        let pool = BlockingWorkerPool(count: 3, name: "test") { () -> Birthplace in
            _ = counters.made()
            return Birthplace()
        }
        let sameThread = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<60 {
                group.addTask {
                    try await pool.run { birthplace in
                        usleep(500)
                        return pthread_equal(birthplace.thread, pthread_self()) != 0
                    }
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(sameThread)
        #expect(counters.madeCount <= 3)
    }

    @Test func neverRunsMoreCallsThanWorkers() async throws {
        let counters = Counters()
        let pool = BlockingWorkerPool(count: 2, name: "test") {}
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await pool.run { _ in
                        counters.enter()
                        // Wait a while for a second call, so that a loaded machine still shows the overlap.
                        for _ in 0..<500 where counters.running < 2 { usleep(1_000) }
                        usleep(1_000)
                        counters.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(counters.mostRunning == 2)
    }

    @Test func aFailedSetUpFailsTheCallAndIsRetried() async throws {
        let counters = Counters()
        let pool = BlockingWorkerPool(count: 1, name: "test") { () -> Int in
            let attempt = counters.made()
            if attempt == 1 { throw SetUpFailed() }
            return attempt
        }
        await #expect(throws: SetUpFailed.self) { try await pool.run { $0 } }
        #expect(try await pool.run { $0 } == 2)
    }
}
