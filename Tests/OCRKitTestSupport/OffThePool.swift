import Foundation

/// Runs `body` on a thread of its own and waits for it without holding one of Swift's
/// cooperative threads: a test that waits minutes for a child process would otherwise leave the
/// other tests running at once (two threads on two cores) without a thread to run on.
///
/// ```swift
/// let status = try await offThePool { process.waitUntilExit(); return process.terminationStatus }
/// ```
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: body)) }.start()
    }
}
