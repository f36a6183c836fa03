import Foundation

/// Something that reads text from pixels: Tesseract, PP-OCR, or your own.
///
/// Engines are shared between tasks: `recognize(_:options:)` may be called concurrently, and an
/// engine that wraps a blocking C library runs those calls on threads of its own, never on
/// Swift's cooperative pool.
///
/// Callers read with ``read(_:options:)``, which checks the options, lets the engine recognise the
/// text, and drops the lines under the minimum height: what every engine shares is done there,
/// once. An engine implements ``recognize(_:options:)`` and, for options it cannot honour,
/// ``checkSupport(of:)``.
///
/// ```swift
/// let engine = try TesseractEngine()
/// let page = try await engine.read(bitmap, options: RecognitionOptions(languages: ["eng"]))
/// ```
public protocol OCREngine: Sendable {
    /// The engine's name and version, recorded in every page it reads.
    var info: EngineInfo { get }

    /// Recognises the text of `bitmap`, with options that ``read(_:options:)`` has checked.
    ///
    /// The page's `image` is the bitmap's `image`; its boxes are normalised to the bitmap's size
    /// and its quads are in the bitmap's pixels.
    func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page

    /// Throws an ``OCRError/Code/invalidOption`` for options this engine cannot honour (a language
    /// it does not read, a set of characters it cannot keep to). The checks that do not depend on
    /// the engine are ``RecognitionOptions/validate()``'s. Engines without limits of their own
    /// need not implement it.
    func checkSupport(of options: RecognitionOptions) throws
}

extension OCREngine {
    public func checkSupport(of options: RecognitionOptions) throws {}

    /// Checks that the engine can honour `options`, so that a batch fails once, before any image
    /// is read, rather than once an image: ``RecognitionOptions/validate()``, then
    /// ``checkSupport(of:)``.
    public func validate(_ options: RecognitionOptions) throws {
        try options.validate()
        try checkSupport(of: options)
    }

    /// Reads the text of `bitmap`: checks `options` (``validate(_:)``), recognises, and drops the
    /// lines shorter than ``RecognitionOptions/minimumTextHeight``.
    ///
    /// - Throws: an ``OCRError``: options the engine cannot honour, or the engine's failure.
    public func read(_ bitmap: Bitmap, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        try validate(options)
        let page = try await recognize(bitmap, options: options)
        return options.minimumTextHeight.map { page.removingLines(shorterThan: $0) } ?? page
    }
}

/// Something that turns an image file into pixels: a photo or a scan, or one page of a document
/// of pages (a PDF, a multi-page TIFF), from a file or from its contents in memory
/// (``DocumentSource``).
///
/// Decoders of single images implement ``decode(_:maximumSide:)``; decoders of documents also
/// ``pages(of:)`` and ``contents(of:)``.
public protocol ImageDecoder: Sendable {
    /// Decodes the page at `source` (an image, or a page of a document), downscaled so that
    /// neither side exceeds `maximumSide` when that is given, or throws an ``OCRError`` naming
    /// the document (``DocumentSource/name``) and the cause.
    func decode(_ source: PageSource, maximumSide: Int?) async throws -> Bitmap

    /// The pages of `document`, in order, or `nil` when it is an image, a page of its own.
    func pages(of document: DocumentSource) async throws -> [FilePage]?

    /// The page at `source` as a document of its own, which ``decode(_:maximumSide:)`` decodes
    /// as that page: a PDF of the one page, a TIFF of one page, an image's own bytes. Queues
    /// that store what their workers read store this. Blocking: call it off Swift's
    /// cooperative pool.
    func contents(of source: PageSource) throws -> Data

    /// The text pages `pages` (from 1) of `document` already hold, in that order, each as a page
    /// of lines marked as such (``Page/holdsEmbeddedText``), or `nil` when this decoder cannot
    /// tell. Several pages at once open the document once.
    func embeddedText(ofPages pages: [Int], of document: DocumentSource) async throws -> [Page]?
}

extension ImageDecoder {
    /// Decodes the image at `path` (the first page of a document), as ``decode(_:maximumSide:)`` does.
    public func decode(contentsOf path: String, maximumSide: Int? = nil) async throws -> Bitmap {
        try await decode(.file(path), maximumSide: maximumSide)
    }

    /// Decodes an image file's `contents`, already in memory (from a queue's database, say), as
    /// ``decode(_:maximumSide:)`` does; errors name the image `image`.
    public func decode(_ contents: Data, image name: String, maximumSide: Int? = nil) async throws -> Bitmap {
        try await decode(PageSource(.contents(contents, name: name)), maximumSide: maximumSide)
    }

    /// None: images hold no text.
    public func embeddedText(ofPages pages: [Int], of document: DocumentSource) async throws -> [Page]? {
        nil
    }

    /// No pages: an image.
    public func pages(of document: DocumentSource) async throws -> [FilePage]? {
        nil
    }

    /// The image itself, its only page.
    public func contents(of source: PageSource) throws -> Data {
        try imageContents(of: source)
    }

    /// An image's bytes as they are, as ``contents(of:)`` gives an image, a page of its own: for
    /// decoders of documents to give for their images.
    public func imageContents(of source: PageSource) throws -> Data {
        guard (source.page ?? 1) == 1 else {
            throw OCRError(.invalidOption, path: source.document.name, reason: "has one page, not \(source.page ?? 1)")
        }
        return try source.document.data()
    }
}

/// Something that rebuilds a page's reading order, blocks and paragraphs after an engine read it,
/// such as `LayoutAnalyzer` in `OCRKitLayout`.
public protocol PageArranger: Sendable {
    func arrange(_ page: Page) -> Page
}

/// Something that reads a page's structure after its text is read and arranged: its tables, cell
/// by cell, from the image and the words found on it, such as `TableReader` in `OCRKitStructure`.
public protocol StructureReader: Sendable {
    /// `page` with its structure (``Page/tables``), its lines rearranged around it; `image` is
    /// the image the page was read from, as its boxes refer to it.
    func structure(_ page: Page, image: Bitmap) async throws -> Page
}
