internal import CVips
import Foundation
import OCRKit

/// libvips set-up and the small pieces every call into it needs.
enum Vips {
    /// Starts libvips once per process. Its operation cache is turned off: OCR reads each file
    /// once, and a cache would hold decoded images in memory across a whole batch.
    static let initialized: Bool = {
        guard vips_init("ocrkit") == 0 else { return false }
        vips_cache_set_max(0)
        // Damaged files come back as errors that name the file; libvips's own warnings about
        // them would only clutter standard error.
        g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, { _, _, _, _ in }, nil)
        return true
    }()

    static func ensureInitialized(path: String?) throws {
        guard initialized else {
            throw OCRError(.engineUnavailable, path: path, reason: "libvips failed to start: \(takeError())")
        }
    }

    /// libvips's pending error messages, cleared, as one line: the last message is the most
    /// specific ("VipsJpeg: Premature end of input file").
    static func takeError() -> String {
        guard let buffer = vips_error_buffer_copy() else { return "unknown libvips error" }
        defer { g_free(buffer) }
        let lines = String(cString: buffer)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return lines.last ?? "unknown libvips error"
    }

    /// Runs a libvips operation that writes a new image to its `out` argument.
    static func apply(
        path: String?, code: OCRError.Code,
        _ operation: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws -> VipsImageHandle {
        var output: UnsafeMutablePointer<VipsImage>?
        guard operation(&output) == 0, let output else {
            throw OCRError(code, path: path, reason: takeError())
        }
        return VipsImageHandle(output)
    }
}

/// Owns one reference to a `VipsImage` and drops it when it goes away.
final class VipsImageHandle {
    let pointer: UnsafeMutablePointer<VipsImage>

    init(_ pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// An image holding a copy of the bitmap's pixels.
    convenience init(bitmap: Bitmap) throws {
        try Vips.ensureInitialized(path: bitmap.image)
        let image = bitmap.pixels.withUnsafeBytes { bytes in
            vips_image_new_from_memory_copy(bytes.baseAddress, bytes.count, Int32(bitmap.width), Int32(bitmap.height),
                                            Int32(bitmap.layout.channels), VIPS_FORMAT_UCHAR)
        }
        guard let image else {
            throw OCRError(.outOfMemory, path: bitmap.image, reason: "cannot copy the image: \(Vips.takeError())")
        }
        self.init(image)
    }

    /// Decodes the pixels into memory; damage in the middle of a file shows up here.
    func bitmap(layout: Bitmap.Layout, image name: String) throws -> Bitmap {
        var size = 0
        guard let memory = vips_image_write_to_memory(pointer, &size) else {
            throw OCRError(.corrupt, path: name, reason: "corrupt or truncated image: \(Vips.takeError())")
        }
        defer { g_free(memory) }
        let expected = width * height * layout.channels
        guard size == expected, bands == layout.channels else {
            throw OCRError(.corrupt, path: name, reason: "decoded \(size) bytes where \(expected) were expected")
        }
        return Bitmap(width: width, height: height, layout: layout,
                      pixels: Array(UnsafeRawBufferPointer(start: memory, count: size)),
                      image: name, resolution: resolution)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var interpretation: VipsInterpretation { vips_image_get_interpretation(pointer) }
    /// Pixels per inch, or `nil` when the file does not say.
    ///
    /// libvips reports 72 dpi for files that state no resolution (a JPEG with an aspect ratio
    /// only, a PNG without pHYs), so 72 counts as unknown: engines then judge the text size
    /// themselves, as Tesseract's own command does for such files, and read them better.
    var resolution: Double? {
        // libvips says 1 pixel a millimetre (25.4 dpi) for a file that states none, as WebP.
        let perMillimetre = vips_image_get_yres(pointer)
        let dotsPerInch = (perMillimetre * 25.4).rounded()
        return perMillimetre != 1 && dotsPerInch > 1 && dotsPerInch != 72 ? dotsPerInch : nil
    }
}
