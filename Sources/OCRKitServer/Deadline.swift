import Foundation
import Hummingbird
import OCRKit

/// Runs `work` and answers 408 if it has not finished within `limit` (the core's `finishing`,
/// whose work goes on after the answer: only the caller stops waiting).
/// - Throws: an ``APIError`` 408 naming `what` and the limit, or what `work` throws.
func finishing<T: Sendable>(_ what: String, within limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await finishing(within: limit, orThrow: {
        APIError(.requestTimeout, code: "timeout",
                 message: "\(what) took longer than the server's limit of \(String(format: "%g", limit.timeInterval)) s")
    }, work)
}
