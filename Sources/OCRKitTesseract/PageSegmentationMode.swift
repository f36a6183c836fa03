/// How Tesseract splits a page into text before reading it; the numbers are Tesseract's own
/// (`tesseract --help-psm`).
public enum PageSegmentationMode: Int32, Hashable, Sendable, Codable, CaseIterable {
    /// Find blocks, columns and lines, and detect orientation and script first.
    case autoWithOrientation = 1
    /// Find blocks, columns and lines: Tesseract's default.
    case auto = 3
    /// One column of text of varying sizes.
    case singleColumn = 4
    /// One block of vertically aligned text.
    case singleVerticalBlock = 5
    /// One uniform block of text.
    case singleBlock = 6
    /// One line of text.
    case singleLine = 7
    /// One word.
    case singleWord = 8
    /// One word in a circle.
    case circleWord = 9
    /// One character.
    case singleCharacter = 10
    /// As much text as possible, in no particular order.
    case sparseText = 11
    /// Sparse text, detecting orientation and script first.
    case sparseTextWithOrientation = 12
    /// One line, bypassing Tesseract's own line finding.
    case rawLine = 13
}
