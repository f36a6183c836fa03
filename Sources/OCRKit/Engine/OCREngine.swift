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
/// of pages (a PDF, a multi-page TIFF).
///
/// Decoders of single images implement the two `decode` methods; decoders of documents also
/// ``pages(ofFileAt:)`` and ``decode(contentsOf:page:maximumSide:)``.
public protocol ImageDecoder: Sendable {
    /// Decodes the image at `path` (the first page of a document), downscaled so that neither
    /// side exceeds `maximumSide` when that is given, or throws an ``OCRError`` naming the file
    /// and the cause.
    func decode(contentsOf path: String, maximumSide: Int?) async throws -> Bitmap

    /// Decodes an image file's `contents`, already in memory (from a queue's database, say), as
    /// ``decode(contentsOf:maximumSide:)`` decodes the file; errors name the image `image`.
    func decode(_ contents: Data, image name: String, maximumSide: Int?) async throws -> Bitmap

    /// The pages of the document at `path`, in order, or `nil` when the file is an image, a page
    /// of its own.
    func pages(ofFileAt path: String) async throws -> [FilePage]?

    /// Decodes page `page` (numbered from 1) of the file at `path`, as
    /// ``decode(contentsOf:maximumSide:)`` decodes the first.
    func decode(contentsOf path: String, page: Int, maximumSide: Int?) async throws -> Bitmap

    /// Page `page` (from 1) of the file at `path` as a file of its own, which
    /// ``decode(_:image:maximumSide:)`` decodes as that page: a PDF of the one page, a TIFF of one
    /// page. Queues that store what their workers read store this. Blocking: call it off Swift's
    /// cooperative pool.
    func contents(ofPage page: Int, ofFileAt path: String) throws -> Data

    /// The text pages `pages` (from 1) of the document at `path` already hold, in that order, each
    /// as a page of lines marked as such (``Page/holdsEmbeddedText``), or `nil` when this decoder
    /// cannot tell. Several pages at once open the document once.
    func embeddedText(ofPages pages: [Int], ofFileAt path: String) async throws -> [Page]?
}

extension ImageDecoder {
    /// None: images hold no text.
    public func embeddedText(ofPages pages: [Int], ofFileAt path: String) async throws -> [Page]? {
        nil
    }

    /// No pages: an image.
    public func pages(ofFileAt path: String) async throws -> [FilePage]? {
        nil
    }

    /// The image itself, its only page.
    public func decode(contentsOf path: String, page: Int, maximumSide: Int?) async throws -> Bitmap {
        guard page == 1 else { throw OCRError(.invalidOption, path: path, reason: "has one page, not \(page)") }
        return try await decode(contentsOf: path, maximumSide: maximumSide)
    }

    /// The image file itself, its only page.
    public func contents(ofPage page: Int, ofFileAt path: String) throws -> Data {
        try contents(ofImageAt: path, page: page)
    }

    /// The file at `path` as it is, as ``contents(ofPage:ofFileAt:)`` gives an image, a page of
    /// its own: for decoders of documents to give for their images.
    public func contents(ofImageAt path: String, page: Int) throws -> Data {
        guard page == 1 else { throw OCRError(.invalidOption, path: path, reason: "has one page, not \(page)") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot read the file: \(error.localizedDescription)", underlyingError: error)
        }
    }
}

/// Something that rebuilds a page's reading order, blocks and paragraphs after an engine read it,
/// such as `LayoutAnalyzer` in `OCRKitLayout`.
public protocol PageArranger: Sendable {
    func arrange(_ page: Page) -> Page
}
