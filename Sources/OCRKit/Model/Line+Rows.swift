extension Line {
    /// Around the line, room for the marks of its letters that a tight box leaves out: the box
    /// widened by its height at each end and by a quarter of it above and below. The ink a
    /// reading leaves outside its lines' margins is the text it did not read.
    public var margin: Rect {
        box.insetBy(dx: -box.height, dy: -box.height / 4)
    }

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
