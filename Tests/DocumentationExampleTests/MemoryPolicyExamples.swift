import Foundation
import OCRKit
import OCRKitEngines
import OCRKitTestSupport
import Synchronization
import Testing

/// The examples of the process's memory policy, one after the other: each sets what the whole
/// test process does with freed memory, and puts back the default, nothing, when done.
@Suite(.enabled(if: samplesAreHere, "runs from the package's folder, where Samples/ is"), .serialized, .heavy)
struct MemoryPolicyExamples {
    /// Marks the test's own threads: other tests' threads end meanwhile.
    private static let marker = "MemoryPolicyExamples"

    /// How many times the handler ran on the test's own threads.
    private final class Moments: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test func freedMemory() async throws {
        // Example from Sources/OCRKit/Concurrency/FreedMemory.swift
        FreedMemory.setHandler { print("OCRKit has just freed much memory") }
        FreedMemory.setHandler(nil)   // nothing, as by default

        // A worker thread's end is such a moment: a dropped pool's thread calls the handler as it
        // ends, and no thread calls one that was taken away.
        let moments = Moments()
        FreedMemory.setHandler {
            if Thread.current.threadDictionary[Self.marker] != nil { moments.add() }
        }
        defer { FreedMemory.setHandler(nil) }
        func useAndDropAPool() async throws {
            let pool = BlockingWorkerPool(count: 1, name: "freed-memory") { Thread.current.threadDictionary[Self.marker] = true }
            _ = try await pool.run { _ in 1 }
        }
        try await useAndDropAPool()
        #expect(moments.value == 1)
        FreedMemory.setHandler(nil)
        try await useAndDropAPool()
        #expect(moments.value == 1)
    }

    @Test func processMemory() async throws {
        defer { FreedMemory.setHandler(nil) }
        // Example from Sources/OCRKitEngines/ProcessMemory.swift
        ProcessMemory.giveFreedMemoryBack()
        let reader = try PageReader(settings: EngineSettings(.auto))

        let page = try await reader.read("Samples/receipt.jpg")
        #expect(!page.text.isEmpty)
    }
}
