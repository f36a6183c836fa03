import Foundation
import Hummingbird
import OCRKit

/// Runs `work` and answers 408 if it has not finished within `limit` (the core's `finishing`,
/// whose work goes on after the answer: only the caller stops waiting).
/// - Throws: an ``APIError`` 408 naming `what` and the limit, or what `work` throws.
func finishing<T: Sendable>(_ what: String, within limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await finishing(within: limit, orThrow: { APIError.tookTooLong(what, limit: limit) }, work)
}

extension APIError {
    /// 408: `what` took longer than the server's `limit`, whether the whole read or one of its
    /// pages (``OCRKitDocuments/PageFailure/isGivenUp``) ran out first.
    static func tookTooLong(_ what: String, limit: Duration) -> APIError {
        APIError(.requestTimeout, code: .timeout,
                 message: "\(what) took longer than the server's limit of \(String(format: "%g", limit.timeInterval)) s")
    }
}
