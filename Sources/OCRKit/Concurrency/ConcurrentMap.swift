extension Array where Element: Sendable {
    /// Applies `transform` to every element, at most `jobs` at once, and hands each result to
    /// `body` in the elements' order, as soon as it and every one before it are done: the way
    /// `ocr read` prints pages in the order given while reading several at once, and the benches
    /// keep every core busy without starting everything at once. `finished` hears of each result
    /// as it comes, in any order (a progress bar's count).
    ///
    /// ```swift
    /// try await numbers.concurrentMap(jobs: 2) { number in
    ///     try await square(number)          // two at once
    /// } inOrder: { index, square in
    ///     print(index, square)              // 0 1, 1 4, 2 9: in order, whichever finished first
    /// }
    /// ```
    package func concurrentMap<Transformed: Sendable>(
        jobs: Int,
        _ transform: @escaping @Sendable (Element) async throws -> Transformed,
        finished: (Transformed) async throws -> Void = { _ in },
        inOrder body: (Int, Transformed) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Indexed<Transformed>.self) { group in
            var next = 0, nextInOrder = 0
            var waiting: [Int: Transformed] = [:]
            func startNext() {
                guard next < count else { return }
                let index = next, element = self[index]
                group.addTask { Indexed(index: index, value: try await transform(element)) }
                next += 1
            }
            for _ in 0..<Swift.max(1, jobs) { startNext() }
            while let result = try await group.next() {
                startNext()
                try await finished(result.value)
                waiting[result.index] = result.value
                while let ready = waiting.removeValue(forKey: nextInOrder) {
                    try await body(nextInOrder, ready)
                    nextInOrder += 1
                }
            }
        }
    }

    /// `transform` applied to every element, at most `jobs` at once, the results in the
    /// elements' order.
    package func concurrentMap<Transformed: Sendable>(
        jobs: Int, _ transform: @escaping @Sendable (Element) async throws -> Transformed
    ) async throws -> [Transformed] {
        var results: [Transformed] = []
        results.reserveCapacity(count)
        try await concurrentMap(jobs: jobs, transform) { _, result in results.append(result) }
        return results
    }
}

/// A result and the place of the element it came from (a struct, not a tuple: Swift 6.3.1's
/// optimiser miscompiled tuples coming out of throwing task groups).
private struct Indexed<Value: Sendable>: Sendable {
    var index: Int
    var value: Value
}
