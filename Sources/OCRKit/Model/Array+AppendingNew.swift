extension Array where Element: Equatable {
    /// This array followed by the elements of `other` it does not hold, in their order: the
    /// languages, or the readings again, of a page made of two readings.
    package func appendingNew(_ other: [Element]) -> [Element] {
        self + other.filter { !contains($0) }
    }
}
