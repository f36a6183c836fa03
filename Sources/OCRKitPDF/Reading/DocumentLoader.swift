import Foundation
import OCRKit
import OCRKitImages

/// Decodes documents and images: each page of a PDF that is one scan at the scan's own
/// resolution (its image's own pixels when the page draws it upright over its whole box, else
/// rendered), other pages rendered (``PageRenderer``: poppler's Splash) at
/// ``DocumentLoadingOptions/renderingResolution``; multi-page TIFFs page by page, and every other
/// image, by an ``OCRKitImages/ImageLoader``.
///
/// ```swift
/// let reader = PageReader(decoder: DocumentLoader(images: ImageLoader()), engine: try TesseractEngine())
/// for try await page in reader.pages(of: .file(scanPath)) { print(page.pageNumber ?? 1, page.text) }
/// ```
///
/// PDFs are opened with qpdf on threads of their own, never on Swift's cooperative pool.
public struct DocumentLoader: ImageDecoder {
    public let images: ImageLoader
    public let options: DocumentLoadingOptions

    /// The resolutions a PDF's page is read at, whatever its scan says: below, text is too small
    /// to read; above, a page is more pixels than any engine needs.
    public static let resolutions: ClosedRange<Double> = 72...1200

    public init(images: ImageLoader = ImageLoader(), options: DocumentLoadingOptions = DocumentLoadingOptions()) {
        self.images = images
        self.options = options
    }

    /// Page `page` of `document` as a document of its own: a PDF of that page alone (not
    /// encrypted, whatever the original), or a TIFF of that page, or an image's own bytes.
    public func contents(of source: PageSource) throws -> Data {
        guard Self.isPDF(source.document) else { return try images.contents(of: source) }
        let page = source.page ?? 1, original = try Self.open(source.document, password: options.password)
        guard page >= 1, page <= original.pageCount else {
            throw OCRError(.invalidOption, path: source.document.name, reason: "has \(original.pageCount) pages, not \(page)")
        }
        let file = try QPDFFile(empty: source.document.name)
        try file.append(original.page(page - 1), from: original)
        // qpdf copies the page's objects from the original as it writes.
        return try withExtendedLifetime(original) { try file.data() }
    }

    /// The text a PDF's pages already hold (``PageText``), their sizes at the rendering
    /// resolution; `nil` for an image or a TIFF.
    public func embeddedText(ofPages pages: [Int], of document: DocumentSource) async throws -> [Page]? {
        guard Self.isPDF(document) else { return nil }
        let password = options.password, resolution = options.renderingResolution
        return try await offThePool { try PageText.pages(pages, of: document, password: password, resolution: resolution) }
    }

    public func pages(of document: DocumentSource) async throws -> [FilePage]? {
        guard Self.isPDF(document) else { return try await images.pages(of: document) }
        let password = options.password, loader = self
        return try await offThePool {
            let file = try Self.open(document, password: password)
            return (0..<file.pageCount).map { index in
                let info = PDFPageInfo(file.page(index), of: file)
                let resolution = loader.resolution(of: info, maximumSide: nil)
                return FilePage(number: index + 1, text: info.text,
                                loweredResolution: resolution < loader.intendedResolution(of: info).rounded(.down) ? resolution : nil)
            }
        }
    }

    /// Decodes an image, a page of a TIFF, or a page of a PDF (its first when `source` names no
    /// page), from a file or from its contents in memory.
    public func decode(_ source: PageSource, maximumSide: Int?) async throws -> Bitmap {
        let document = source.document, page = source.page ?? 1
        guard Self.isPDF(document) else { return try await images.decode(source, maximumSide: maximumSide) }
        let (info, scan) = try await inspect(document, page: page)
        let dotsPerInch = resolution(of: info, maximumSide: maximumSide)
        // A scan at its own resolution is its image's pixels: taken as they are, not rendered.
        if let scan, let scanResolution = info.scanResolution, dotsPerInch >= scanResolution.rounded(.down),
           var bitmap = try await pixels(of: scan, name: document.name) {
            bitmap = bitmap.turned(clockwiseQuarterTurns: info.rotation / 90)
            bitmap.resolution = scanResolution
            return bitmap
        }
        try checkImages(of: info, page: page, path: document.name)
        // Turned or not, the page is as many pixels, its shorter side as long.
        try images.checkSize(width: Int((info.box.width / 72 * dotsPerInch).rounded()),
                             height: Int((info.box.height / 72 * dotsPerInch).rounded()), path: document.name)
        let password = options.password
        return try await images.onDecodingThread {
            try PageRenderer.render(document, page: page, dotsPerInch: dotsPerInch, password: password)
        }
    }

    /// Refuses a page whose largest image is more pixels than the loader's limit, as an image
    /// file that size is refused: the renderer decodes the whole image (a 30000-pixel JBIG2
    /// page took 3.9 GB), whatever resolution the page is read at.
    private func checkImages(of info: PDFPageInfo, page: Int, path: String) throws {
        let (width, height) = (info.largestImageWidth, info.largestImageHeight)
        let limit = images.options.maximumPixelCount
        if width * height > limit {
            throw OCRError(.tooLarge, path: path, reason: "page \(page) holds an image of \(width) x \(height) pixels, "
                           + "over the limit of \(limit) pixels (ImageLoadingOptions.maximumPixelCount)")
        }
    }

    /// The resolution a page should be read at: its scan's own, or the rendering resolution asked for.
    func intendedResolution(of page: PDFPageInfo) -> Double {
        min(Self.resolutions.upperBound, max(Self.resolutions.lowerBound, page.scanResolution ?? options.renderingResolution))
    }

    /// The scan's pixels as stored. A JPEG that comes out another size than its dictionary says
    /// was turned by an EXIF orientation, which PDF viewers ignore: it is rendered instead.
    private func pixels(of scan: ScanImage, name: String) async throws -> Bitmap? {
        switch scan {
        case .jpeg(let bytes, let width, let height):
            let bitmap = try await images.decode(bytes, image: name, maximumSide: nil)
            return bitmap.width == width && bitmap.height == height ? bitmap : nil
        case .pixels(let bitmap):
            return bitmap
        }
    }

    /// The resolution to render a page at: its scan's own, or the options' rendering resolution; lowered so
    /// that the longer side keeps within `maximumSide` and the page within the loader's pixel limit.
    func resolution(of page: PDFPageInfo, maximumSide: Int?) -> Double {
        var dotsPerInch = intendedResolution(of: page)
        let inches = (page.box.width / 72, page.box.height / 72)
        if let maximumSide {
            dotsPerInch = min(dotsPerInch, Double(maximumSide) / max(inches.0, inches.1))
        }
        let pixels = Double(images.options.maximumPixelCount)
        return min(dotsPerInch, (pixels / (inches.0 * inches.1)).squareRoot().rounded(.down))
    }

    /// What page `page` of the PDF `document` holds, and its scan's pixels when they can be taken as they are.
    private func inspect(_ document: DocumentSource, page: Int) async throws -> (PDFPageInfo, ScanImage?) {
        let password = options.password
        return try await offThePool {
            let file = try Self.open(document, password: password)
            guard page >= 1, page <= file.pageCount else {
                throw OCRError(.invalidOption, path: document.name, reason: "has \(file.pageCount) pages, not \(page)")
            }
            let pdfPage = file.page(page - 1)
            let info = PDFPageInfo(pdfPage, of: file)
            return (info, info.scanImage.flatMap { ScanImage($0, on: pdfPage, of: file, source: document.name) })
        }
    }

    /// The PDF `document`, opened to be read.
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the document for what qpdf cannot open, a PDF of
    ///   no pages, and a dynamic XFA form, whose pages Adobe Reader draws from the form's XML: the
    ///   pages themselves hold only a "please wait" notice.
    static func open(_ document: DocumentSource, password: String?) throws -> QPDFFile {
        let file: QPDFFile
        do {
            file = try QPDFFile(document, password: password)
        } catch let refusal as OCRError where refusal.code == .invalidOption && (password ?? "").isEmpty {
            // Refused for a password: perhaps only its attachments need one.
            guard let opened = AttachmentEncryption.openWithoutPassword(document) else { throw refusal }
            file = opened
        }
        guard file.pageCount > 0 else { throw OCRError(.corrupt, path: document.name, reason: "the PDF has no pages") }
        if file.bool(file.key(file.root, "/NeedsRendering")) == true {
            throw OCRError(.unsupportedFormat, path: document.name, reason: "a dynamic XFA form, whose pages only Adobe Reader draws: "
                           + "print it to a PDF from there, then read that")
        }
        return file
    }

    /// Whether `document` is a PDF (``OCRKitImages/FileSignature``), or one that lost its `%PDF-`
    /// header: of no known format, its first kilobyte holding objects, in which qpdf finds
    /// pages, as viewers open it.
    public static func isPDF(_ document: DocumentSource) -> Bool {
        switch document.signature {
        case "PDF": return true
        case nil: break
        default: return false
        }
        let head: Data
        switch document {
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            head = (try? handle.read(upToCount: 1024)) ?? Data()
            try? handle.close()
        case .contents(let contents, _):
            head = contents.prefix(1024)
        }
        guard head.range(of: Data(" obj".utf8)) != nil else { return false }
        return ((try? QPDFFile(document))?.pageCount ?? 0) > 0
    }
}
