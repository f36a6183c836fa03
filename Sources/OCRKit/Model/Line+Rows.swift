extension Line {
    /// Whether this line and `other` hold the same line of text, as two engines, or two
    /// readings, find it: their boxes overlap across, and up and down by half the lower one's
    /// height at least.
    public func isOnSameLine(as other: Line) -> Bool {
        guard let overlap = box.intersection(other.box), overlap.width > 0 else { return false }
        return overlap.height >= 0.5 * min(box.height, other.box.height)
    }

    /// Whether this line and `other` share over half the narrower one's width: one lies over the
    /// other, rather than beside it as the pieces of one line do.
    func isOver(_ other: Line) -> Bool {
        let shared = min(box.maxX, other.box.maxX) - max(box.minX, other.box.minX)
        return shared > 0.5 * min(box.width, other.box.width)
    }
}
