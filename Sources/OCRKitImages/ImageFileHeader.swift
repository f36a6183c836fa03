internal import CVips
import Foundation
import OCRKit

/// What an image file's header says, read without decoding its pixels: what a document needs to
/// embed the file's own bytes (a JPEG's) rather than pixels decoded and compressed again.
///
/// ```swift
/// let header = try ImageFileHeader(contentsOf: "Samples/receipt.jpg")
/// if header.format == "JPEG" && header.orientation == 1 { /* embed the file as it is */ }
/// ```
public struct ImageFileHeader: Hashable, Sendable {
    /// The format the file's first bytes announce ("JPEG", "PNG", "TIFF"...), or `nil`.
    public var format: String?
    /// The stored pixels' size, before any EXIF orientation is applied.
    public var width: Int
    public var height: Int
    /// Colour channels: 1 grey, 3 RGB, 4 CMYK (or RGB with alpha).
    public var bands: Int
    /// Whether the channels are CMYK.
    public var isCMYK: Bool
    /// The EXIF orientation, 1 (as stored) to 8.
    public var orientation: Int
    /// Pixels per inch, or `nil` when the file does not say (see ``OCRKit/Bitmap/resolution``).
    public var resolution: Double?
    /// How many pages the file holds: more than one for a multi-page TIFF.
    public var pageCount: Int

    /// - Throws: an ``OCRKit/OCRError`` naming the file when it cannot be read or is not an image.
    public init(contentsOf path: String) throws {
        try self.init(.file(path))
    }

    /// The header of an image file's `contents`, in memory; errors name it `name`.
    public init(_ contents: Data, image name: String) throws {
        try self.init(.contents(contents, name: name))
    }

    /// The header of the image `document` holds, from its file or its contents in memory.
    public init(_ document: DocumentSource) throws {
        try Vips.ensureInitialized(path: document.name)
        // libvips reads the header while the source is open, within the call.
        self = try document.withVipsSource { format, makeSource in
            try ImageFileHeader(name: document.name, format: format, source: makeSource)
        }
    }

    private init(name: String, format: String?, source makeSource: () -> UnsafeMutablePointer<VipsSource>?) throws {
        guard let source = makeSource() else { throw OCRError(.notReadable, path: name, reason: Vips.takeError()) }
        defer { g_object_unref(source) }
        guard let opened = ocrkit_vips_open_source(source) else {
            throw OCRError(.corrupt, path: name, reason: "corrupt image: \(Vips.takeError())")
        }
        let image = VipsImageHandle(opened)
        self.format = format
        width = image.width
        height = image.height
        bands = image.bands
        isCMYK = image.interpretation == VIPS_INTERPRETATION_CMYK
        orientation = Int(ocrkit_vips_orientation(image.pointer))
        resolution = image.resolution
        pageCount = max(1, Int(vips_image_get_n_pages(image.pointer)))
    }
}
