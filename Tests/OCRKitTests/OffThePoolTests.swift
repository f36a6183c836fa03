import Foundation
import OCRKit
import Testing

struct OffThePoolTests {
    /// More blocked bodies than there are cooperative threads, released by a task that needs
    /// one of those threads: had the bodies held them, nothing would release them.
    ///
    /// That failure is a hang for ever; the limit only ends it. It is generous because every
    /// step here waits its turn for a cooperative thread behind the rest of the suite: beside a
    /// fresh clone's whole suite on 2 cores, the test once took over a minute.
    @Test(.timeLimit(.minutes(5)))
    func blockedBodiesLeaveSwiftsThreadsFree() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let gate = DispatchSemaphore(value: 0)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<count {
                group.addTask { await offThePool { gate.wait(); return number } }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(100))
                for _ in 0..<count { gate.signal() }
                return -1
            }
            var finished: [Int] = []
            for try await number in group { finished.append(number) }
            #expect(finished.sorted() == Array(-1..<count))
        }
    }

    @Test func aBodysErrorReachesTheCaller() async {
        await #expect(throws: OCRError.self) {
            try await offThePool { throw OCRError(.engineFailure, reason: "failed on its thread") }
        }
    }

    @Test func documentationExample() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 3"]
        try process.run()

        // Example from Sources/OCRKit/Concurrency/OffThePool.swift
        let status = await offThePool { process.waitUntilExit(); return process.terminationStatus }

        #expect(status == 3)
    }
}
