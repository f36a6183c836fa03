import NIOCore
import PostgresNIO
import Synchronization

/// Ends the calls in flight on a pool's connections when their connection closes.
///
/// PostgresNIO 1.33 drops a query written to a connection that has just closed, as the pool
/// hands out while the server restarts: neither an answer nor an error ever comes, and the call
/// waits for ever. A worker waiting so holds its item for good, renewing the lease on it, and
/// stops only when killed. Calls run through ``run(on:_:)`` throw ``Closed`` instead, and the
/// store's callers try again on another connection.
///
/// ```swift
/// let count = try await client.withConnection { connection in
///     try await watch.run(on: connection) { try await connection.query("SELECT 1", logger: logger).collect().count }
/// }
/// ```
final class ConnectionWatch: Sendable {
    /// The connection closed before the call had its answer.
    struct Closed: Error {}

    /// The calls in flight, by connection: how to fail each one. A connection is here from its
    /// first call until it closes, so that its close is watched once.
    private let calls = Mutex<(next: Int, byConnection: [PostgresConnection.ID: [Int: @Sendable () -> Void]])>((0, [:]))

    /// Runs `call`, which uses `connection`, and gives its outcome; or throws ``Closed`` as soon
    /// as the connection closes first. A call left so may never end: it is left to its task.
    func run<Value: Sendable>(on connection: PostgresConnection, _ call: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let answer = Answer<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                answer.await(continuation)
                let number = watch(connection) { answer.give(.failure(Closed())) }
                answer.start {
                    defer { self.forget(number, on: connection) }
                    do {
                        answer.give(.success(try await call()))
                    } catch {
                        answer.give(.failure(error))
                    }
                }
            }
        } onCancel: {
            answer.cancel()
        }
    }

    /// Keeps `fail` until the call numbered as returned ends or `connection` closes.
    private func watch(_ connection: PostgresConnection, failing fail: @escaping @Sendable () -> Void) -> Int {
        let (number, isFirst) = calls.withLock { calls -> (Int, Bool) in
            let number = calls.next
            calls.next += 1
            let isFirst = calls.byConnection[connection.id] == nil
            calls.byConnection[connection.id, default: [:]][number] = fail
            return (number, isFirst)
        }
        if isFirst {
            let id = connection.id
            connection.closeFuture.whenComplete { [self] _ in
                let failures = calls.withLock { $0.byConnection.removeValue(forKey: id) ?? [:] }
                for fail in failures.values { fail() }
            }
        }
        return number
    }

    private func forget(_ number: Int, on connection: PostgresConnection) {
        calls.withLock { _ = $0.byConnection[connection.id]?.removeValue(forKey: number) }
    }
}

/// One call's outcome, given once: by the call, or by its connection closing first.
private final class Answer<Value: Sendable>: Sendable {
    private let state = Mutex<(waiting: CheckedContinuation<Value, any Error>?, call: Task<Void, Never>?, isCancelled: Bool)>(
        (nil, nil, false))

    func await(_ continuation: CheckedContinuation<Value, any Error>) {
        state.withLock { $0.waiting = continuation }
    }

    func give(_ outcome: Result<Value, any Error>) {
        state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting
        }?.resume(with: outcome)
    }

    /// Runs the call in a task of its own, which the caller may leave waiting.
    func start(_ call: @escaping @Sendable () async -> Void) {
        let task = Task { await call() }
        let isCancelled = state.withLock { state in
            state.call = task
            return state.isCancelled
        }
        if isCancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            return state.call
        }?.cancel()
    }
}
