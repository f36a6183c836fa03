extension Bitmap {
    /// Whether the image looks like one line of text alone, as a label, a form's field or a line
    /// cut from a page is: at most ``oneLineHeight`` pixels high and at least twice as wide. Such
    /// an image is read as one line too, and that reading kept where segmenting it as a page
    /// finds no line or several: in it Tesseract found nothing (a line of Korean alone: 6 of
    /// 12), pieces out of order (Korean, 6 of 12 with `--lang kor`) or its wear as lines of text
    /// (Thai). Where it finds one line, the more legible reading is kept: a straightened photo
    /// of a one-line page keeps its first word, a line of Korean found in part gets the rest.
    ///
    /// ```swift
    /// let label = try TextRenderer.render("Main Street Station")   // 300 dpi, 12 points
    /// print(label.isOneLine)                                      // true
    /// ```
    public var isOneLine: Bool {
        height <= Self.oneLineHeight && width >= 2 * height
    }

    /// The tallest image taken for one line (``isOneLine``): a line of 12 points at 300 dpi
    /// with its margins is about 100 pixels high, two such lines about 200.
    public static let oneLineHeight = 150
}
