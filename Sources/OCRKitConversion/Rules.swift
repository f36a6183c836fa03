/// The thresholds of the converter's rules, named once. Sizes are ratios to the body text's;
/// positions fractions of the page.
enum Rules {
    /// Two sizes within this fraction of the larger are one size: a line's letters are measured
    /// to a half point, and a scan's lines vary.
    static let sameSize = 0.08
    /// A paragraph this much larger than the body text, or bold, is a heading's look.
    static let headingSize = 1.12
    /// A paragraph this much smaller than the body text, low on its page, is a footnote's look.
    static let footnoteSize = 0.9
    /// A line that stops this fraction of its paragraph's width short of the others ends it,
    /// where the next opens a sentence.
    static let shortLine = 0.25
    /// A line that ends within this fraction of its paragraph's width of the paragraph's right
    /// edge is set full: justified, every line of a paragraph but its last is.
    static let fullLine = 0.02
    /// A line is bold, italic or monospace when this share of its letters or more are: a word
    /// or two in bold or in code in a line of prose do not make it a heading or code.
    static let lookShare = 0.9
    /// A heading holds no more words than this: a bold paragraph of more is emphasis.
    static let headingWords = 20
    /// Running headers lie above this fraction of the page's height, footers below one minus it.
    static let marginBand = 0.1
    /// A running header or footer repeats on pages within this many pages of it, at the same
    /// place within this fraction of the page's height.
    static let furnitureReach = 2
    static let furnitureDrift = 0.02
    /// Footnotes lie below this fraction of the page's height.
    static let footnoteBand = 0.5
    /// How many pages after a page are read before it is written: what running headers and
    /// paragraphs continued across pages are told by.
    static let lookahead = 2
}

extension Rules {
    /// A scan's heading is this much taller than its body lines, in line height or in small
    /// letters measured (``BodyType``): a line's height varies with its letters more than a
    /// font's size does, and an underline or a blurred descender can add a pixel or two to
    /// its small letters'; bold type (its strokes measured) needs no more than its size.
    static let headingHeight = 1.3
    /// A scan's line is bold when its strokes are this much wider than its page's body text's
    /// would be at its size (``BodyType``): bold type's are half as wide again, a line's few
    /// bold or larger words widen a regular line's a little.
    static let boldStroke = 1.3
    /// Two x-heights measured on a scan within this fraction of the larger are one size: a
    /// line's is measured to a pixel, a tenth of a body line's.
    static let sameXHeight = 0.1
    /// Small letters are about this share of the height of capitals and digits: what a scan's
    /// line of capitals and digits, measured, stands for (``BodyType``).
    static let smallLetterShare = 0.7
    /// A bold heading may be this much smaller than the body text (HTML's `h5` and `h6`).
    static let smallestHeading = 0.75
}

extension Rules {
    /// A list item whose marker is printed this many line heights right of the items of the
    /// list before it opens a list nested in that list's last item (browsers indent a nested
    /// list by about two and a half, word processors by one and a half); one nearer is an item
    /// of that list (a longer number, `10.` against `9.`, starts half a line height left), one
    /// further opens a list of its own, in another column.
    static let listIndent = 0.8...5.0
}
