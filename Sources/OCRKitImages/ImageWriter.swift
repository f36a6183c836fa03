internal import CVips
import OCRKit

/// Saves bitmaps as image files, in the format the file name's extension names: `.png`,
/// `.jpg`, `.tif`, `.webp`, `.gif`, `.heic`.
///
/// ```swift
/// try ImageWriter.write(bitmap, to: evidence + "/plate-0042.jpg")   // JPEG, by the extension
/// ```
public enum ImageWriter {
    /// Where the top of the stored pixels is meant to be, as EXIF records it for cameras that
    /// save pixels as the sensor saw them and say how to turn them.
    public enum Orientation: Int32, Sendable {
        case upright = 1
        /// The stored pixels must be turned 90 degrees clockwise to be upright.
        case turnClockwise = 6
        /// The stored pixels must be turned 180 degrees.
        case turnHalf = 3
        /// The stored pixels must be turned 90 degrees counter-clockwise.
        case turnCounterClockwise = 8
    }

    /// Writes `bitmap` to `path`, recording its resolution and `orientation` in the file.
    public static func write(_ bitmap: Bitmap, to path: String, orientation: Orientation = .upright) throws {
        var image = try VipsImageHandle(bitmap: bitmap)
        if let resolution = bitmap.resolution {
            let perMillimetre = resolution / 25.4
            image = try Vips.apply(path: path, code: .invalidOption) { [image] in
                ocrkit_vips_copy_resolution(image.pointer, $0, perMillimetre, perMillimetre)
            }
        }
        if orientation != .upright {
            vips_image_set_int(image.pointer, "orientation", orientation.rawValue)
        }
        guard ocrkit_vips_write_to_file(image.pointer, path) == 0 else {
            throw OCRError(.notWritable, path: path, reason: "cannot write the image: \(Vips.takeError())")
        }
    }

    /// `bitmap` as a JPEG file's bytes, for embedding in documents.
    public static func jpegData(_ bitmap: Bitmap, quality: Int = 85) throws -> [UInt8] {
        let image = try VipsImageHandle(bitmap: bitmap)
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard ocrkit_vips_jpegsave_buffer(image.pointer, &buffer, &length, Int32(quality)) == 0, let buffer else {
            throw OCRError(.outOfMemory, path: bitmap.image, reason: "cannot encode the image as JPEG: \(Vips.takeError())")
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// `bitmap` as a PNG file's bytes (8 bits a sample, grey or RGB, not interlaced), for
    /// embedding without loss.
    public static func pngData(_ bitmap: Bitmap) throws -> [UInt8] {
        let image = try VipsImageHandle(bitmap: bitmap)
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard ocrkit_vips_pngsave_buffer(image.pointer, &buffer, &length) == 0, let buffer else {
            throw OCRError(.outOfMemory, path: bitmap.image, reason: "cannot encode the image as PNG: \(Vips.takeError())")
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
