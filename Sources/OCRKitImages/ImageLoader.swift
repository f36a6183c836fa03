internal import CVips
import Foundation
import OCRKit

/// Decodes image files through libvips: JPEG, PNG, TIFF, WebP, GIF and HEIC/AVIF, turned upright
/// as their EXIF orientation says, alpha composed over white, as grey or RGB bytes.
///
/// Every failure is an ``OCRError`` that names the file and the cause: not found, not readable,
/// unsupported format, corrupt or truncated, too large, degenerate. Decoding runs on the
/// loader's own threads, never on Swift's cooperative pool.
///
/// ```swift
/// let loader = ImageLoader()
/// let bitmap = try await loader.decode(contentsOf: "Samples/receipt.jpg", maximumSide: 2048)
/// let upload = try await loader.decode(postedBytes, image: "receipt.jpg")
/// ```
public final class ImageLoader: ImageDecoder {
    /// The libvips loaders OCRKit accepts, by the names libvips gives them. Other formats libvips
    /// knows (SVG, FITS, matrix files) are refused: they are not photos or scans, and each
    /// loader is more code facing untrusted files. PDFs are `OCRKitPDF`'s `DocumentLoader`'s to
    /// read: libvips' PDF loader is only told apart, to say so.
    static let acceptedLoaders: [String: String] = [
        "jpegload_source": "JPEG", "pngload_source": "PNG", "tiffload_source": "TIFF",
        "webpload_source": "WebP", "gifload_source": "GIF", "heifload_source": "HEIC/AVIF",
    ]
    static let pdfLoader = "pdfload_source"

    public let options: ImageLoadingOptions
    private let workers: BlockingWorkerPool<Void>

    /// - Parameters:
    ///   - options: limits and scaling.
    ///   - jobs: how many images may decode at once.
    public init(options: ImageLoadingOptions = ImageLoadingOptions(),
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.options = options
        workers = BlockingWorkerPool(count: max(1, jobs), name: "ocrkit-decode") {}
    }

    /// Decodes the image at `source`, or a page of a multi-page TIFF, from its file or its
    /// contents in memory; with `maximumSide`, images whose longer side is larger are downscaled
    /// to it while decoding (cheaply: JPEG and WebP shrink on load), and smaller ones are never
    /// enlarged.
    public func decode(_ source: PageSource, maximumSide: Int?) async throws -> Bitmap {
        let page = source.page ?? 1
        if page != 1, try await pages(of: source.document) == nil {
            throw OCRError(.invalidOption, path: source.document.name, reason: "has one page, not \(page)")
        }
        return try await decode(source.document, page: page - 1, maximumSide: maximumSide)
    }

    /// Runs `body` on one of the loader's decoding threads, which bound how many images are
    /// decoded at once: `OCRKitPDF` draws a PDF's pages on them.
    package func onDecodingThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await workers.run { _ in try body() }
    }

    /// Refuses an image of `width` x `height` pixels that is over the loader's pixel limit, or
    /// too small to hold text, naming the file at `path`.
    package func checkSize(width: Int, height: Int, path: String) throws {
        try Self.checkSize(width: width, height: height, path: path, options: options)
    }

    /// The pages of a multi-page TIFF, or `nil` for an image of one page, whatever its format.
    public func pages(of document: DocumentSource) async throws -> [FilePage]? {
        guard document.signature == "TIFF" else { return nil }
        let count = try await workers.run { _ in try ImageFileHeader(document).pageCount }
        return count > 1 ? (1...count).map { FilePage(number: $0) } : nil
    }

    /// The page at `source` of a multi-page TIFF as a TIFF of its own, without loss; an image's
    /// own bytes for its only page. Blocking.
    public func contents(of source: PageSource) throws -> Data {
        let document = source.document, page = source.page ?? 1
        guard document.signature == "TIFF", try ImageFileHeader(document).pageCount > 1 else {
            return try imageContents(of: source)
        }
        return try document.withVipsSource { _, makeSource in
            guard let vipsSource = makeSource() else { throw OCRError(.notReadable, path: document.name, reason: Vips.takeError()) }
            defer { g_object_unref(vipsSource) }
            guard let pageImage = ocrkit_vips_open_source_page(vipsSource, Int32(page - 1)) else {
                throw OCRError(.corrupt, path: document.name, reason: "cannot open page \(page): \(Vips.takeError())")
            }
            let image = VipsImageHandle(pageImage)
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard ocrkit_vips_tiffsave_buffer(image.pointer, &buffer, &length) == 0, let buffer else {
                throw OCRError(.corrupt, path: document.name, reason: "cannot copy page \(page): \(Vips.takeError())")
            }
            defer { g_free(buffer) }
            return Data(bytes: buffer, count: length)
        }
    }

    /// Decodes page `page` (from 0: 0 for an image) of `document`.
    private func decode(_ document: DocumentSource, page: Int, maximumSide: Int?) async throws -> Bitmap {
        let options = self.options
        return try await workers.run { _ in
            try document.withVipsSource { format, makeSource in
                try Self.decodeBlocking(document.name, page: page, options: options, maximumSide: maximumSide,
                                        format: format, makeSource: makeSource)
            }
        }
    }

    /// Refuses what libvips should never be handed: missing files, directories, devices and
    /// pipes (which would block), and empty files.
    static func checkFile(at path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let cause = errno
            if cause == ENOENT || cause == ENOTDIR {
                throw OCRError(.fileNotFound, path: path, reason: "no such file")
            }
            throw OCRError(.notReadable, path: path, reason: String(cString: strerror(cause)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw OCRError(.notReadable, path: path, reason: "is a directory, not an image file")
        default: throw OCRError(.notReadable, path: path, reason: "is not a regular file")
        }
        guard access(path, R_OK) == 0 else {
            throw OCRError(.notReadable, path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_size > 0 else {
            throw OCRError(.corrupt, path: path, reason: "the file is empty")
        }
    }

    /// Decodes page `page` (from 0) of the image `makeSource` opens, named `path` in errors;
    /// `format` is the one its first bytes announce.
    private static func decodeBlocking(
        _ path: String, page: Int, options: ImageLoadingOptions, maximumSide: Int?, format: String?,
        makeSource: () -> UnsafeMutablePointer<VipsSource>?
    ) throws -> Bitmap {
        try Vips.ensureInitialized(path: path)
        guard let source = makeSource() else {
            throw OCRError(.notReadable, path: path, reason: Vips.takeError())
        }
        defer { g_object_unref(source) }

        // libvips answers with a class name; its nickname ("pngload_source") is the same whichever
        // library the build decodes PNG with.
        guard let loaderClass = vips_foreign_find_load_source(source),
              let nickname = vips_nickname_find(g_type_from_name(loaderClass)) else {
            vips_error_clear()
            if let format {
                throw OCRError(.corrupt, path: path, reason: "corrupt or truncated \(format) file")
            }
            throw OCRError(.unsupportedFormat, path: path,
                           reason: "not an image or a PDF in a format OCRKit reads (JPEG, PNG, TIFF, WebP, GIF, HEIC, PDF)")
        }
        let loaderName = String(cString: nickname)
        guard acceptedLoaders[loaderName] != nil else {
            if loaderName == pdfLoader {
                throw OCRError(.unsupportedFormat, path: path, reason: "PDF files are read through OCRKitPDF's DocumentLoader")
            }
            let format = loaderName.replacingOccurrences(of: "load_source", with: "").uppercased()
            throw OCRError(.unsupportedFormat, path: path,
                           reason: "\(format) files are not read; use PDF, JPEG, PNG, TIFF, WebP, GIF or HEIC")
        }
        let opened = page == 0 ? ocrkit_vips_open_source(source) : ocrkit_vips_open_source_page(source, Int32(page))
        guard let opened else {
            throw OCRError(.corrupt, path: path, reason: "corrupt \(format ?? "file"): \(Vips.takeError())")
        }
        let original = VipsImageHandle(opened)
        try checkSize(width: original.width, height: original.height, path: path, options: options)

        let image: VipsImageHandle
        if let maximumSide, max(original.width, original.height) > maximumSide {
            image = try Vips.apply(path: path, code: .corrupt) {
                // Only TIFF's loader knows pages: another would refuse the option.
                ocrkit_vips_thumbnail_source(source, $0, Int32(maximumSide), "fail_on=truncated" + (page > 0 ? ",page=\(page)" : ""))
            }
        } else {
            image = try Vips.apply(path: path, code: .corrupt) { ocrkit_vips_autorot(original.pointer, $0) }
        }
        return try bitmap(from: image, path: path)
    }

    private static func checkSize(width: Int, height: Int, path: String, options: ImageLoadingOptions) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > options.maximumPixelCount {
            throw OCRError(.tooLarge, path: path, reason: "\(width) x \(height) pixels is over the limit of "
                + "\(options.maximumPixelCount) pixels (ImageLoadingOptions.maximumPixelCount)")
        }
        if min(width, height) < options.minimumSide {
            throw OCRError(.degenerateImage, path: path, reason: "\(width) x \(height) pixels is too small to "
                + "hold text (the shorter side must be at least \(options.minimumSide))")
        }
    }

    /// Flattens, converts to 8-bit grey or sRGB, and decodes the pixels into memory.
    private static func bitmap(from decoded: VipsImageHandle, path: String) throws -> Bitmap {
        var image = decoded
        if image.hasAlpha {
            image = try Vips.apply(path: path, code: .corrupt) { [image] in ocrkit_vips_flatten_white(image.pointer, $0) }
        }
        let isGray = image.bands == 1 || [VIPS_INTERPRETATION_B_W, VIPS_INTERPRETATION_GREY16].contains(image.interpretation)
        let layout: Bitmap.Layout = isGray ? .gray : .rgb
        let space = isGray ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB
        image = try Vips.apply(path: path, code: .corrupt) { [image] in ocrkit_vips_colourspace(image.pointer, $0, space) }
        image = try Vips.apply(path: path, code: .corrupt) { [image] in ocrkit_vips_cast_uchar(image.pointer, $0) }
        if image.bands > layout.channels {
            image = try Vips.apply(path: path, code: .corrupt) { [image] in
                ocrkit_vips_extract_bands(image.pointer, $0, 0, Int32(layout.channels))
            }
        }
        return try image.bitmap(layout: layout, image: path)
    }
}
