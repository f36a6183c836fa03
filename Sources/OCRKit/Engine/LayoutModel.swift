/// Something that finds a page's regions in its image and tells what each is, such as
/// `PicoDetLayoutModel` in `OCRKitONNX`. `PageStructureReader` in `OCRKitStructure` names the
/// regions by OCRKit's kinds and reads their text from the page's own lines.
///
/// ```swift
/// let layout: any LayoutModel = try PicoDetLayoutModel()
/// for region in try await layout.regions(in: image) { print(region.label, region.box) }   // table (40, 210, 1900, 900)
/// ```
public protocol LayoutModel: Sendable {
    /// The regions of `image`, surest first.
    func regions(in image: Bitmap) async throws -> [LayoutDetection]
}

/// A region a ``LayoutModel`` found.
public struct LayoutDetection: Sendable, Hashable {
    /// What the model calls it: `text`, `title`, `table`, `figure`, `figure_caption`,
    /// `table_caption`, `header`, `footer`, `reference`, `equation`.
    public var label: String
    /// In the image's pixels.
    public var box: Rect
    /// How sure the model is of it, from 0 to 1.
    public var score: Double

    public init(label: String, box: Rect, score: Double) {
        self.label = label
        self.box = box
        self.score = score
    }
}
