/// Reads files: decodes each with an ``ImageDecoder``, straightens photos of pages with an
/// ``ImageCorrector`` when asked to (``RecognitionOptions/correctsPage``), recognises the image
/// with an ``OCREngine``, rebuilds its reading order with a ``PageArranger`` when there is one,
/// and flags doubtful text (``RecognitionOptions/reviewThreshold``).
///
/// This is the path every file takes (file, image, correction, engine, layout, page), whether
/// from `ocr read`, a queue or your own code.
///
/// ```swift
/// let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine(), corrector: Dewarper())
/// let page = try await reader.read("scan.png")
/// let photo = try await reader.read("receipt.jpg", options: RecognitionOptions(correctsPage: true))
/// ```
public struct PageReader: Sendable {
    public let decoder: any ImageDecoder
    public let engine: any OCREngine
    /// Rebuilds the engine's reading order; `nil` keeps the engine's own.
    public let arranger: (any PageArranger)?
    /// Straightens photos of pages read with ``RecognitionOptions/correctsPage``.
    public let corrector: (any ImageCorrector)?

    public init(
        decoder: any ImageDecoder, engine: any OCREngine, arranger: (any PageArranger)? = nil,
        corrector: (any ImageCorrector)? = nil
    ) {
        self.decoder = decoder
        self.engine = engine
        self.arranger = arranger
        self.corrector = corrector
    }

    /// Reads the image at `path`.
    ///
    /// - Throws: an ``OCRError`` naming the file: decoding failures, invalid options (among them
    ///   ``RecognitionOptions/correctsPage`` without a ``corrector``), engine failures.
    public func read(_ path: String, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        if options.correctsPage && corrector == nil {
            throw OCRError(.invalidOption, path: path, reason: "straightening photos needs an image corrector, and this reader has none")
        }
        var bitmap = try await decoder.decode(contentsOf: path, maximumSide: options.maximumImageSide)
        var correction: PageCorrection?
        if options.correctsPage, let corrector {
            let corrected = try await corrector.correct(bitmap)
            bitmap = corrected.bitmap
            correction = corrected.correction
        }
        var page = try await engine.read(bitmap, options: options)
        page = arranger?.arrange(page) ?? page
        page.correction = correction
        return page.flaggingDoubtfulText(below: options.reviewThreshold)
    }
}

extension ImageDecoder {
    /// The image `page` was read from, as its boxes refer to it: the file decoded again at the
    /// size it was read at and, if it was straightened, straightened again by `corrector`.
    ///
    /// ```swift
    /// let bitmap = try await reader.decoder.image(of: page, correctedBy: reader.corrector)
    /// ```
    ///
    /// - Throws: an ``OCRError`` naming the file, also when the page was straightened and there is
    ///   no `corrector` to do it again.
    public func image(of page: Page, correctedBy corrector: (any ImageCorrector)?) async throws -> Bitmap {
        guard let correction = page.correction else {
            return try await decode(contentsOf: page.image, maximumSide: max(page.width, page.height))
        }
        guard let corrector else {
            throw OCRError(.invalidOption, path: page.image,
                           reason: "the page was straightened when it was read, and there is no image corrector to do it again")
        }
        let photo = try await decode(contentsOf: page.image, maximumSide: max(correction.imageWidth, correction.imageHeight))
        return try await corrector.apply(correction, to: photo)
    }
}
