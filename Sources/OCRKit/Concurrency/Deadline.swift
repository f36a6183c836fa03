import Foundation

/// Runs `work` and throws `timeout()` if it has not finished within `limit`.
///
/// The work goes on after that: a read inside a C library cannot be stopped, and the thread it
/// holds is given back only when it really ends. Only the caller stops waiting.
///
/// ```swift
/// let page = try await finishing(within: .seconds(600), orThrow: { OCRError(.engineFailure, reason: "too slow") }) {
///     try await reader.read(path)
/// }
/// ```
package func finishing<T: Sendable>(
    within limit: Duration, orThrow timeout: @escaping @Sendable () -> any Error, _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    let (outcome, settle) = AsyncThrowingStream<T, any Error>.makeStream()
    let task = Task {
        do { settle.yield(try await work()) } catch { settle.finish(throwing: error) }
        settle.finish()
    }
    let timer = Task {
        try await Task.sleep(for: limit)
        // The caller's error first: cancelled, the work may end at once with its own
        // CancellationError, and whichever ends the stream first is what the caller sees (the
        // server answered a read past its limit with 500 rather than 408 on a busy machine).
        settle.finish(throwing: timeout())
        task.cancel()
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
        for try await value in outcome { return value }
        throw CancellationError()
    } onCancel: {
        task.cancel()
    }
}
