/// The white space between two columns of text, told from a justified line's stretched space
/// by the rows above and below it: a gutter runs down the page, white in the same place row
/// after row, the column after it opening in one place; a paragraph's wide spaces fall in
/// different places. A gutter can be as narrow as a justified line's spaces are wide (LaTeX's
/// 10 pt, CSS's 1 em).
///
/// ```swift
/// let words = page.words.map(\.box)
/// if Gutter.parts(words[5], words[6], among: words, lineHeight: page.lines[0].box.height) { print("two columns' words, not one line's") }
/// ```
public enum Gutter {
    /// Whether the space between `left` and `right`, two pieces of text on one row (runs of
    /// words or lines), is a gutter, as `pieces` around them say: `right` opens a column
    /// (``opensColumn(_:among:lineHeight:late:)``); or, at some place in the space, ``share`` of the
    /// rows printed on both sides of it or across it, ``rows`` at least, are white. The boxes
    /// and `lineHeight` may be in any one unit.
    public static func parts(_ left: Rect, _ right: Rect, among pieces: [Rect], lineHeight height: Double) -> Bool {
        let rows = rows(around: right, among: pieces, lineHeight: height)
        if opens(right, rows: rows, lineHeight: height, late: 0) { return true }
        // Or, somewhere in the space, the rows printed on both sides of that place, or across
        // it, are white there (the piece after it may open indented, past the column's edge).
        return stride(from: left.maxX + height / 4, to: right.minX, by: height / 4).contains { x in
            let printed = rows.filter { row in
                row.contains { $0.minX < x && x < $0.maxX }
                    || (row.contains { $0.maxX <= x && $0.maxX > left.minX } && row.contains { $0.minX >= x })
            }
            let white = printed.filter { row in !row.contains { $0.minX < x && x < $0.maxX } }
            return printed.count >= Self.rows && Double(white.count) >= share * Double(printed.count)
        }
    }

    /// Whether `piece` opens a column, as `pieces` around it say (up to ``neighbourhood`` line
    /// heights away; it among them or not): ``rows`` of the rows around, taken every half a
    /// line's height, or more have a piece opening where it opens, within an eighth of a line's
    /// height, white for half a line's height before it. What tells two columns' words on a row
    /// apart where a text detector's word boxes, each as high as its letters, leave the space
    /// between too uncertain to judge by its white alone.
    ///
    /// With `late`, in line heights (``lateOpening`` for words a reader read), the piece may open
    /// that far after where the rows open.
    public static func opensColumn(_ piece: Rect, among pieces: [Rect], lineHeight height: Double, late: Double = 0) -> Bool {
        opens(piece, rows: rows(around: piece, among: pieces, lineHeight: height), lineHeight: height, late: late)
    }

    private static func opens(_ piece: Rect, rows: [[Rect]], lineHeight height: Double, late: Double) -> Bool {
        // The column's edge: where the piece opens, or where the rows around open a little before it.
        let edges = [piece.minX] + rows.joined().map(\.minX).filter { $0 < piece.minX && piece.minX - $0 <= late * height }
        return edges.contains { edge in
            let before = edge - height / 2
            let aligned = rows.filter { row in
                row.contains { abs($0.minX - edge) < height / 8 } && !row.contains { $0.minX < before && before < $0.maxX }
            }
            return aligned.count >= Self.rows
        }
    }

    /// The rows above and below `piece`, every half a line's height, its own aside: two columns'
    /// lines need not share their baselines. A row holds the pieces within a quarter of a
    /// line's height of it: a word's box is as high as its letters.
    private static func rows(around piece: Rect, among pieces: [Rect], lineHeight height: Double) -> [[Rect]] {
        let near = pieces.filter { abs($0.midY - piece.midY) < (neighbourhood + 1) * height }
        return stride(from: -neighbourhood, through: neighbourhood, by: 0.5).filter { abs($0) >= 1 }.map { offset in
            let y = piece.midY + offset * height
            return near.filter { $0.minY <= y + height / 4 && y - height / 4 <= $0.maxY }
        }
    }

    /// The narrowest gap, in the height of the pieces of text it parts, that may be a gutter:
    /// kerning, letter spacing and a line's word spaces are narrower.
    public static let narrowest = 0.6

    /// How far after its column's edge, in line heights, a piece of words a reader read may open
    /// and still open the column: a reader loses a line's first glyph at times (a backtick, a
    /// quotation mark), and a text detector then joins the rest to the line across the gutter
    /// before it. A PDF's text layer loses none: its pieces open where their column does.
    public static let lateOpening = 0.75

    /// How many lines' heights above and below a space the pieces around it are looked at.
    public static let neighbourhood = 10.0

    /// How many rows around a space (taken every half a line's height: 8 are 4 lines), with a
    /// piece opening where the piece after the space opens (white before it), make the space
    /// a gutter: a column's rows all open at its left edge, to the point; a justified
    /// paragraph's stretched spaces fall in different places.
    public static let rows = 8

    /// The share of the rows around a space, printed on both sides of it, that are white there,
    /// that makes it a gutter (a column of indented lines, whose rows open in different places):
    /// a paragraph's rows are white in any one place in one row of five or so.
    public static let share = 0.75
}
