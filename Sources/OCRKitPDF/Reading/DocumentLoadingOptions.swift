/// How a ``DocumentLoader`` reads PDFs.
///
/// ```swift
/// let loader = DocumentLoader(options: DocumentLoadingOptions(renderingResolution: 400, password: "secret"))
/// ```
public struct DocumentLoadingOptions: Hashable, Sendable {
    /// Pixels per inch for pages that are not one scanned image (text, drawings, mixed); a
    /// scanned page is read at its scan's own resolution.
    public var renderingResolution: Double
    /// The password of encrypted PDFs.
    public var password: String?

    public init(renderingResolution: Double = 300, password: String? = nil) {
        self.renderingResolution = renderingResolution
        self.password = password
    }
}
