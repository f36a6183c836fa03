import Foundation
import Hummingbird
import OCRKit

/// Runs `work` and answers 408 if it has not finished within `limit`.
///
/// The work goes on after the answer: a read inside a C library cannot be stopped, and the
/// worker it holds is given back only when it really ends. Only the caller stops waiting.
/// - Throws: an ``APIError`` 408 naming `what` and the limit, or what `work` throws.
func finishing<T: Sendable>(_ what: String, within limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let (outcome, settle) = AsyncThrowingStream<T, any Error>.makeStream()
    let task = Task {
        do { settle.yield(try await work()) } catch { settle.finish(throwing: error) }
        settle.finish()
    }
    let timer = Task {
        try await Task.sleep(for: limit)
        task.cancel()
        settle.finish(throwing: APIError(.requestTimeout, code: "timeout",
                                         message: "\(what) took longer than the server's limit of \(String(format: "%g", limit.timeInterval)) s"))
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
        for try await value in outcome { return value }
        throw CancellationError()
    } onCancel: {
        task.cancel()
    }
}
