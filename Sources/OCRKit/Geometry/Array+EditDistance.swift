extension Array where Element: Equatable {
    /// The fewest insertions, deletions and substitutions that make this sequence `other`
    /// (Levenshtein's distance), in two rows of memory: what character error rates, table cells'
    /// likeness and the steadiness of a reading read twice measure.
    ///
    /// ```swift
    /// let edits = Array("kitten").editDistance(to: Array("sitting"))   // 3
    /// ```
    public func editDistance(to other: [Element]) -> Int {
        if isEmpty { return other.count }
        if other.isEmpty { return count }
        var previous = Array<Int>(0...other.count)
        var current = [Int](repeating: 0, count: other.count + 1)
        for i in 1...count {
            current[0] = i
            for j in 1...other.count {
                let substitution = previous[j - 1] + (self[i - 1] == other[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[other.count]
    }
}
