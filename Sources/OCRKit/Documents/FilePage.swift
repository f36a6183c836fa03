/// One page of a file as its decoder sees it before reading it: its number and the text it
/// already holds.
///
/// ```swift
/// for page in try await reader.decoder.pages(of: .file(scanPath)) ?? [] where page.text == .native {
///     print("page \(page.number) already has text")
/// }
/// ```
public struct FilePage: Hashable, Sendable {
    /// The text a page holds before OCRKit reads it.
    public enum Text: String, Hashable, Sendable {
        /// None: a scan, a photo, a page of images.
        case none
        /// Invisible text over a scan, as OCR tools add (OCRKit, OCRmyPDF, Tesseract).
        case ocrLayer
        /// Text a program wrote: a page typeset or printed to PDF.
        case native
    }

    /// The page's number in its file, from 1.
    public var number: Int
    public var text: Text
    /// The pixels per inch the page is read at when that is less than it should be (its scan's
    /// own, or the rendering resolution asked for), to keep within the decoder's pixel limit:
    /// what a user should be told. `nil` when the page is read as it should be.
    public var loweredResolution: Double?

    public init(number: Int, text: Text = .none, loweredResolution: Double? = nil) {
        self.number = number
        self.text = text
        self.loweredResolution = loweredResolution
    }
}
