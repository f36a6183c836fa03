import OCRKit
import Testing

/// `finishing(within:orThrow:_:)`: the work's answer, or the caller's error once the limit has passed.
struct DeadlineTests {
    /// Reads nothing, and answers at once.
    struct QuickReader {
        func read(_ path: String) async throws -> String { "read \(path)" }
    }

    @Test func workThatEndsInTimeGivesItsAnswer() async throws {
        let reader = QuickReader(), path = "scan.pdf"
        // Example from Sources/OCRKit/Concurrency/Deadline.swift
        let page = try await finishing(within: .seconds(600), orThrow: { OCRError(.engineFailure, reason: "too slow") }) {
            try await reader.read(path)
        }

        #expect(page == "read scan.pdf")
    }

    @Test func workThatNeverEndsIsGivenUpOnAtTheLimit() async throws {
        await #expect { try await finishing(within: .milliseconds(5), orThrow: { OCRError(.engineFailure, reason: "too slow") }) {
            // Waits for ever: nothing resumes it.
            try await withCheckedThrowingContinuation { (_: CheckedContinuation<Int, any Error>) in }
        } } throws: { ($0 as? OCRError)?.reason == "too slow" }
    }
}
