import OCRKit

/// The type of a scanned page's body text, measured (``OCRKit/MeasuredType``): what a line's
/// measured type is weighed against to tell its look, as a PDF's fonts tell a line of its own
/// text (``PrintedParagraph/Look/init(of:body:)``).
struct BodyType {
    /// The height of the body's small letters, and its strokes' width, in the image's pixels.
    var xHeight: Double
    var strokeWidth: Double

    /// The body text of `lines`: the x-height and the stroke width of most of their letters;
    /// `nil` where no line is measured.
    init?(of lines: [Line]) {
        let measured = lines.compactMap { line in line.measuredType.map { (line: line, type: $0) } }
        func most(_ value: (Line, MeasuredType) -> Double) -> Double? {
            let values = measured.map { (value: value($0.line, $0.type), letters: $0.line.text.count) }.sorted { $0.value < $1.value }
            let half = values.reduce(0) { $0 + $1.letters } / 2
            var letters = 0
            return values.first { letters += $0.letters; return letters > half }?.value
        }
        guard let xHeight = most(Self.xHeight), let strokeWidth = most({ $1.strokeWidth }) else { return nil }
        (self.xHeight, self.strokeWidth) = (xHeight, strokeWidth)
    }

    /// The height of `line`'s small letters: as `measured`, or, for a line half or more of
    /// capitals and digits ("Version 3, 29 June 2007"), whose band of ink is theirs,
    /// ``Rules/smallLetterShare`` of it.
    static func xHeight(of line: Line, measured: MeasuredType) -> Double {
        let characters = line.text.filter { $0.isLetter || $0.isNumber }
        let small = characters.filter(\.isLowercase).count
        return 2 * small > characters.count ? measured.xHeight : measured.xHeight * Rules.smallLetterShare
    }

    /// Whether type measured as `measured`, its small letters `xHeight` high, is bold: its strokes
    /// ``Rules/boldStroke`` times as wide as the body's would be at its size (smaller type's
    /// are thinner; larger type's are not held against it, larger being a heading's look already).
    func isBold(_ measured: MeasuredType, xHeight: Double) -> Bool {
        measured.strokeWidth >= Rules.boldStroke * strokeWidth * min(1, xHeight / self.xHeight)
    }
}
