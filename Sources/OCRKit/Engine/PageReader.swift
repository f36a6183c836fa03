import Foundation

/// Reads files, or documents held in memory (``DocumentSource``): decodes each with an
/// ``ImageDecoder``, straightens photos of pages with an ``ImageStraightener`` when asked to
/// (``RecognitionOptions/straightensPage``), recognises the image with an ``OCREngine``,
/// rebuilds its reading order with a ``PageArranger`` when there is one, reads its tables with a
/// ``StructureReader`` when there is one, and flags doubtful text
/// (``RecognitionOptions/flagThreshold``).
///
/// This is the path every file takes (file, image, straightening, engine, layout, page), whether
/// from `ocr read`, a queue or your own code.
///
/// ```swift
/// let reader = PageReader(decoder: ImageLoader(), engine: try TesseractEngine(), straightener: PageStraightener())
/// let page = try await reader.read("Samples/letter.png")
/// let photo = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))
/// ```
public struct PageReader: Sendable {
    public let decoder: any ImageDecoder
    public let engine: any OCREngine
    /// Rebuilds the engine's reading order; `nil` keeps the engine's own.
    public let arranger: (any PageArranger)?
    /// Straightens photos of pages read with ``RecognitionOptions/straightensPage``.
    public let straightener: (any ImageStraightener)?
    /// Reads each page's tables after its order is rebuilt; `nil` reads none.
    public let structure: (any StructureReader)?

    public init(
        decoder: any ImageDecoder, engine: any OCREngine, arranger: (any PageArranger)? = nil,
        straightener: (any ImageStraightener)? = nil, structure: (any StructureReader)? = nil
    ) {
        self.decoder = decoder
        self.engine = engine
        self.arranger = arranger
        self.straightener = straightener
        self.structure = structure
    }

    /// Reads the image at `path`, or page `page` (from 1) of the document at `path`; the page
    /// read says which (``Page/pageNumber``).
    ///
    /// - Throws: an ``OCRError`` naming the file: decoding failures, invalid options (among them
    ///   ``RecognitionOptions/straightensPage`` without a ``straightener``), engine failures.
    public func read(_ path: String, page: Int? = nil, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        try await read(.file(path, page: page), options: options)
    }

    /// Reads an image file's `contents`, already in memory (from a queue's database, say); the
    /// page and errors name the image `image`, its path where it was.
    ///
    /// - Throws: an ``OCRError`` naming the image, as ``read(_:page:options:)`` does.
    public func read(_ contents: Data, image name: String, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        try await read(PageSource(.contents(contents, name: name)), options: options)
    }

    /// Reads the image or the page of a document at `source`, from a file or from memory; the
    /// page is named by its document (``DocumentSource/name``) and says its number.
    ///
    /// - Throws: an ``OCRError`` naming the document, as ``read(_:page:options:)`` does.
    public func read(_ source: PageSource, options: RecognitionOptions = RecognitionOptions()) async throws -> Page {
        try checkStraightening(source.document.name, options: options)
        var read = try await self.read(decoder.decode(source, maximumSide: options.maximumImageSide), options: options)
        read.image = source.document.name
        read.pageNumber = source.page
        read.source = source
        return read
    }

    private func checkStraightening(_ path: String, options: RecognitionOptions) throws {
        if options.straightensPage && straightener == nil {
            throw OCRError(.invalidOption, path: path, reason: "straightening photos needs an image straightener, and this reader has none")
        }
    }

    private func read(_ decoded: Bitmap, options: RecognitionOptions) async throws -> Page {
        var bitmap = decoded
        var straightening: Straightening?
        if options.straightensPage, let straightener {
            let straightened = try await straightener.straighten(bitmap)
            bitmap = straightened.bitmap
            straightening = straightened.straightening
        }
        var page = try await engine.read(bitmap, options: options)
        page = arranger?.arrange(page) ?? page
        if let structure {
            // Boxes are normalised, so any size of the image serves, but not another orientation.
            let turns = page.straightening?.quarterTurns ?? 0
            page = try await structure.structure(page, image: turns == 0 ? bitmap : bitmap.turned(clockwiseQuarterTurns: turns))
        }
        // An engine that found the page sideways has recorded the turn it read it at.
        page.straightening = switch (straightening, page.straightening) {
        case let (straightened?, turned?): straightened.followed(by: turned)
        case let (straightened, turned): straightened ?? turned
        }
        return page.flaggingDoubtfulText(below: options.flagThreshold)
    }
}

extension ImageDecoder {
    /// The image `page` was read from, as its boxes refer to it: the file decoded again at the
    /// size it was read at and, if it was straightened, straightened again by `straightener`
    /// (turned again, if it was only turned).
    ///
    /// ```swift
    /// let bitmap = try await reader.decoder.image(of: page, straightenedBy: reader.straightener)
    /// ```
    ///
    /// - Throws: an ``OCRError`` naming the file, also when the page was straightened and there is
    ///   no `straightener` to do it again, or when the page does not say where it was read from
    ///   (``Page/checkedSource()``).
    public func image(of page: Page, straightenedBy straightener: (any ImageStraightener)?) async throws -> Bitmap {
        guard let straightening = page.straightening else {
            return try await decode(try page.checkedSource(), maximumSide: max(page.width, page.height))
        }
        if straightening.onlyTurns {
            let image = try await decode(try page.checkedSource(), maximumSide: max(straightening.imageWidth, straightening.imageHeight))
            return image.turned(clockwiseQuarterTurns: straightening.quarterTurns)
        }
        guard let straightener else {
            throw OCRError(.invalidOption, path: page.image,
                           reason: "the page was straightened when it was read, and there is no image straightener to do it again")
        }
        let photo = try await decode(try page.checkedSource(), maximumSide: max(straightening.imageWidth, straightening.imageHeight))
        return try await straightener.apply(straightening, to: photo)
    }
}
