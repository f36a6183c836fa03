import Foundation
import Hummingbird
import OCRKit

/// Lets as many reads run at once as there are workers, lets a bounded number wait their turn,
/// and turns the rest away with 503 and `Retry-After` rather than queueing without bound: a
/// caller learns at once that the server is saturated and when to come back. A call's image is
/// received only when there is room for its read, so that a crowd of callers is turned away before
/// the server holds their images: memory stays bounded however many call.
actor ReadAdmission {
    let workers: Int
    let waitingLimit: Int
    /// Reads held at once, running and waiting (``ServerLimits/readsHeld(workers:)``).
    private let held: Int
    private var running = 0
    /// Calls whose images are being received: they count against the places, so that no more
    /// images are received than there are reads the server could hold.
    private var receiving = 0
    private var waiting: [(id: UUID, turn: CheckedContinuation<Void, any Error>)] = []
    /// How long a read has taken of late, in seconds: a moving average, for `Retry-After`.
    private var typicalRead = 2.0

    init(workers: Int, limits: ServerLimits) {
        self.workers = max(1, workers)
        held = limits.readsHeld(workers: self.workers)
        waitingLimit = held - self.workers
    }

    /// Reads running and waiting, for metrics and `/ready`.
    var load: (running: Int, waiting: Int) { (running, waiting.count) }

    /// Runs `receive`, which reads a call's image, when there is room for the read that follows.
    ///
    /// - Throws: an ``APIError`` 503 with `Retry-After` when every worker and place in line is taken
    ///   or promised to another call being received.
    func receiving<T: Sendable>(_ receive: @Sendable () async throws -> T) async throws -> T {
        guard running + waiting.count + receiving < held else { throw busy() }
        receiving += 1
        defer { receiving -= 1 }
        return try await receive()
    }

    /// Runs `read` when a worker is free, and gives the worker back when it ends.
    ///
    /// - Throws: an ``APIError`` 503 with `Retry-After` when every worker is busy and the waiting
    ///   line is full; `CancellationError` when the caller gives up while waiting.
    func admit<T: Sendable>(_ read: @Sendable () async throws -> T) async throws -> T {
        try await takeTurn()
        let start = ContinuousClock.now
        defer { finish(after: ContinuousClock.now - start) }
        return try await read()
    }

    private func takeTurn() async throws {
        if running < workers {
            running += 1
            return
        }
        guard waiting.count < waitingLimit else { throw busy() }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { turn in
                waiting.append((id, turn))
            }
        } onCancel: {
            Task { await self.abandon(id) }
        }
    }

    /// The answer to a call there is no room for, with when to come back: once the reads ahead
    /// have likely ended.
    private func busy() -> APIError {
        let wait = typicalRead * Double(waiting.count + workers) / Double(workers)
        return APIError(.serviceUnavailable, code: .busy,
                        message: "every worker is reading and \(waiting.count) reads are waiting: try again later",
                        retryAfter: max(1, Int(wait.rounded(.up))))
    }

    /// A worker freed by a read that ended passes straight to the next in line.
    private func finish(after duration: Duration) {
        typicalRead = 0.8 * typicalRead + 0.2 * duration.timeInterval
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().turn.resume()
        }
    }

    private func abandon(_ id: UUID) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).turn.resume(throwing: CancellationError())
    }
}
