import Foundation

/// What the serve benchmark's clients share: which image to send next, and how each call was
/// answered. Clients keep calling until `wanted` reads have been answered, so that as many calls
/// as clients are in flight to the end, however few the images.
actor CallTally {
    private let images: Int
    private let wanted: Int
    private var sent = 0
    private(set) var latencies: [Duration] = []
    /// Calls answered 503 with `Retry-After`, turned away before any work.
    private(set) var turnedAway = 0
    /// Answers neither 200 nor such a 503, by status; and calls never answered, by what happened.
    private(set) var otherAnswers: [Int: Int] = [:]
    private(set) var unanswered: [String: Int] = [:]

    init(images: Int, wanted: Int) {
        self.images = images
        self.wanted = wanted
    }

    /// The next image to send, the images in turn, or `nil` once `wanted` reads have been answered.
    func next() -> Int? {
        guard latencies.count < wanted else { return nil }
        defer { sent += 1 }
        return sent % images
    }

    func recordAnswer(after latency: Duration) {
        latencies.append(latency)
    }

    func recordTurnedAway() {
        turnedAway += 1
    }

    func recordAnswer(status: Int) {
        otherAnswers[status, default: 0] += 1
    }

    func recordUnanswered(_ error: any Error) {
        unanswered[String(describing: error), default: 0] += 1
    }

    /// The latency below which `share` of the answered calls came.
    func percentile(_ share: Double) -> Duration {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * share).rounded(.up)) - 1)]
    }
}
