@testable import OCRKit
import Synchronization
import Testing

struct ConcurrentMapTests {
    @Test func keepsOrderAndItsLimit() async throws {
        let running = Mutex((now: 0, most: 0))
        let doubled = try await Array(0..<40).concurrentMap(jobs: 3) { value in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            try await Task.sleep(for: .milliseconds(UInt64(value % 4)))
            running.withLock { $0.now -= 1 }
            return value * 2
        }
        #expect(doubled == Array(0..<40).map { $0 * 2 })
        #expect(running.withLock { $0.most } == 3)
    }

    @Test func handsResultsOnInOrderAsSoonAsTheyAreReady() async throws {
        let numbers = [1, 2, 3]
        // The first takes longest: the others finish first, and wait for it.
        @Sendable func square(_ number: Int) async throws -> Int {
            try await Task.sleep(for: .milliseconds(number == 1 ? 200 : 0))
            return number * number
        }
        var printed: [String] = [], finishedFirst: [Int] = []
        func print(_ index: Int, _ square: Int) { printed.append("\(index) \(square)") }

        // Example from Sources/OCRKit/Concurrency/ConcurrentMap.swift
        try await numbers.concurrentMap(jobs: 2) { number in
            try await square(number)          // two at once
        } finished: { square in
            finishedFirst.append(square)
        } inOrder: { index, square in
            print(index, square)              // 0 1, 1 4, 2 9: in order, whichever finished first
        }

        #expect(printed == ["0 1", "1 4", "2 9"])
        #expect(finishedFirst.first == 4)
    }
}
