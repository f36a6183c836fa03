import OCRKit
import OCRKitImages
import OCRKitLayout
import OCRKitPDF

/// Whose reading order a page's lines are in.
public enum ReadingOrder: String, CaseIterable, Hashable, Sendable, Codable {
    /// The engine's own.
    case engine
    /// OCRKit's layout analysis (``OCRKitLayout/LayoutAnalyzer``): columns, then paragraphs.
    case layout
}

extension PageReader {
    /// The reader `ocr read` uses: images and PDFs decoded by a ``OCRKitPDF/DocumentLoader``, the engine `settings` choose,
    /// and optionally OCRKit's reading order and a straightener for photos of pages.
    ///
    /// ```swift
    /// let reader = try PageReader(settings: EngineSettings(.auto), order: .layout)
    /// let page = try await reader.read("Samples/receipt.jpg")
    /// print(page.text)
    /// ```
    ///
    /// - Parameters:
    ///   - loading: how images are decoded: the largest accepted, and how many at once (by
    ///     default as many as the engine's workers).
    ///   - documents: how PDFs are read: the resolution of pages that are not scans, a password.
    ///   - straightensPhotos: whether the reader can straighten photos of pages
    ///     (``OCRKit/RecognitionOptions/straightensPage``), with ``EngineSettings/straightener()``;
    ///     a reader that will not be asked to need not start the straightener's threads. Pages read
    ///     straightened need it again to be written as PDF.
    ///   - structure: what of each page's structure is read (its tables); `nil` reads lines and
    ///     paragraphs alone.
    /// - Throws: an ``OCRKit/OCRError`` when the chosen engine, or the structure's models, cannot be had.
    public init(settings: EngineSettings, order: ReadingOrder = .engine, loading: ImageLoadingOptions = ImageLoadingOptions(),
                documents: DocumentLoadingOptions = DocumentLoadingOptions(), straightensPhotos: Bool = false,
                structure: StructureReading? = nil) throws {
        self.init(decoder: DocumentLoader(images: ImageLoader(options: loading, jobs: settings.jobs), options: documents),
                  engine: try settings.pageEngine(),
                  arranger: order == .layout ? LayoutAnalyzer() : nil,
                  straightener: straightensPhotos ? settings.straightener() : nil,
                  structure: try structure?.reader())
    }
}
