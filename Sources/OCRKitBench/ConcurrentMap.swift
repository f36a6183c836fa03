extension Array where Element: Sendable {
    /// `transform` applied to every element, at most `jobs` at once, the results in the elements'
    /// order: the benches' way of keeping every core busy without starting everything at once.
    func concurrentMap<Transformed: Sendable>(
        jobs: Int, _ transform: @escaping @Sendable (Element) async throws -> Transformed
    ) async throws -> [Transformed] {
        try await withThrowingTaskGroup(of: Indexed<Transformed>.self) { group in
            var results = [Transformed?](repeating: nil, count: count), next = 0
            func startNext() {
                guard next < count else { return }
                let index = next, element = self[index]
                group.addTask { Indexed(index: index, value: try await transform(element)) }
                next += 1
            }
            for _ in 0..<Swift.max(1, jobs) { startNext() }
            for try await result in group {
                results[result.index] = result.value
                startNext()
            }
            return results.map { $0! }
        }
    }
}

/// A result and the place of the element it came from (a struct, not a tuple: Swift 6.3.1's
/// optimiser miscompiled tuples coming out of throwing task groups).
private struct Indexed<Value: Sendable>: Sendable {
    var index: Int
    var value: Value
}
