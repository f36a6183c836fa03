extension Rect {
    /// This box of a line of text with room for the marks of its letters that a tight box
    /// leaves out, as a line is read on its own: half the line's height at each end and a
    /// quarter of it above and below (its height: the smaller side, for a line that runs down).
    public var lineReadingRegion: Rect {
        let height = min(self.height, width)
        return insetBy(dx: -height / 2, dy: -height / 4)
    }
}
