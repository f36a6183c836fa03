extension Array where Element == Double {
    /// The middle value, or the mean of the two middle values; `nil` for no values.
    package var median: Double? {
        guard !isEmpty else { return nil }
        let sorted = self.sorted()
        return sorted.count.isMultiple(of: 2) ? (sorted[count / 2 - 1] + sorted[count / 2]) / 2 : sorted[count / 2]
    }
}
