/// How ``SearchablePDF`` writes a document.
///
/// ```swift
/// let options = SearchablePDFOptions(password: "secret", isArchival: true)
/// try await SearchablePDF.write(pages, to: searchablePath, decoder: reader.decoder, options: options)
/// ```
public struct SearchablePDFOptions: Hashable, Sendable {
    /// Opens the encrypted PDFs pages come from. Their copy keeps their encryption, unless it is
    /// archival.
    public var password: String?
    /// PDF/A-2b, for archives: the PDF/A identification in XMP metadata matching the document's
    /// information, an sRGB output intent, every font embedded, no encryption, PDF 1.7. A PDF
    /// whose fonts are not all embedded cannot be made one, and is refused saying which.
    public var isArchival: Bool

    public init(password: String? = nil, isArchival: Bool = false) {
        self.password = password
        self.isArchival = isArchival
    }
}
