extension Page {
    /// How much a reading of the page reads, and how confidently: its lines' letters and digits,
    /// each at its line's confidence. Two readings of one image compare by it, as a second
    /// reading in another language or turned upright does with the first.
    ///
    /// ```swift
    /// let kept = second.legibility >= first.legibility ? second : first
    /// ```
    public var legibility: Double {
        lines.reduce(0) { total, line in
            total + line.confidence * Double(line.text.filter { $0.isLetter || $0.isNumber }.count)
        }
    }
}
