import Foundation

/// Runs `body` on a thread of its own and waits for it without holding one of Swift's
/// cooperative threads.
///
/// Those threads are one a core. A task that blocks one of them for seconds (waiting for a
/// child process, say) leaves every other task of the process, a server's among them, a core
/// short meanwhile; two such tasks on two cores stall them all.
///
/// ```swift
/// let status = await offThePool { process.waitUntilExit(); return process.terminationStatus }
/// ```
package func offThePool<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        Thread { continuation.resume(returning: Result(catching: body)) }.start()
    }
    return try result.get()
}
