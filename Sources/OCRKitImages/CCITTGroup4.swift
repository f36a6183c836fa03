import CTIFF
import Foundation
import OCRKit

/// Black and white pixels in CCITT Group 4 (T.6), fax's and scanners' compression for such
/// pages, without loss and a tenth of their size or less: what PDF's `CCITTFaxDecode` filter
/// reads, encoded by libtiff.
///
/// ```swift
/// let encoded = try CCITTGroup4.encode(page)   // `page` holds only 0 and 255
/// // PDF: /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns page.width /Rows page.height >>
/// ```
public enum CCITTGroup4 {
    /// Whether `bitmap` is black and white: grey pixels that are all 0 or 255.
    public static func isBlackAndWhite(_ bitmap: Bitmap) -> Bool {
        bitmap.layout == .gray && bitmap.pixels.allSatisfy { $0 == 0 || $0 == 255 }
    }

    /// The pixels of a black and white `bitmap` (0 black, anything else white) in Group 4: one
    /// strip, no byte alignment, black coded as in faxes (PDF's default, `BlackIs1` false).
    /// Blocking.
    public static func encode(_ bitmap: Bitmap) throws -> [UInt8] {
        guard bitmap.layout == .gray, bitmap.width > 0, bitmap.height > 0 else {
            throw OCRError(.invalidOption, path: bitmap.image, reason: "Group 4 encodes grey pixels, black and white")
        }
        // libtiff writes files: one of ours, gone when done.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-g4-\(UUID().uuidString).tif").path
        defer { unlink(path) }
        try write(bitmap, to: path)
        return try rawStrip(of: path, source: bitmap.image)
    }

    private static func write(_ bitmap: Bitmap, to path: String) throws {
        guard let tiff = ocrkit_tiff_open(path, "w") else {
            throw OCRError(.notWritable, path: path, reason: "cannot write a TIFF for Group 4")
        }
        defer { TIFFClose(tiff) }
        let width = bitmap.width, height = bitmap.height
        _ = ocrkit_tiff_set_uint32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), UInt32(width))
        _ = ocrkit_tiff_set_uint32(tiff, UInt32(TIFFTAG_IMAGELENGTH), UInt32(height))
        _ = ocrkit_tiff_set_uint32(tiff, UInt32(TIFFTAG_ROWSPERSTRIP), UInt32(height))
        _ = ocrkit_tiff_set_uint16(tiff, UInt32(TIFFTAG_BITSPERSAMPLE), 1)
        _ = ocrkit_tiff_set_uint16(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), 1)
        _ = ocrkit_tiff_set_uint16(tiff, UInt32(TIFFTAG_COMPRESSION), UInt16(COMPRESSION_CCITTFAX4))
        // Set bits are black, as fax codes them.
        _ = ocrkit_tiff_set_uint16(tiff, UInt32(TIFFTAG_PHOTOMETRIC), UInt16(PHOTOMETRIC_MINISWHITE))
        _ = ocrkit_tiff_set_uint16(tiff, UInt32(TIFFTAG_FILLORDER), UInt16(FILLORDER_MSB2LSB))
        var row = [UInt8](repeating: 0, count: (width + 7) / 8)
        for y in 0..<height {
            for index in row.indices { row[index] = 0 }
            let start = y * width
            for x in 0..<width where bitmap.pixels[start + x] == 0 {
                row[x >> 3] |= 0x80 >> UInt8(x & 7)
            }
            guard TIFFWriteScanline(tiff, &row, UInt32(y), 0) == 1 else {
                throw OCRError(.outOfMemory, path: bitmap.image, reason: "cannot encode row \(y) in Group 4")
            }
        }
    }

    private static func rawStrip(of path: String, source: String) throws -> [UInt8] {
        guard let tiff = ocrkit_tiff_open(path, "r") else {
            throw OCRError(.notReadable, path: source, reason: "cannot read back the Group 4 TIFF")
        }
        defer { TIFFClose(tiff) }
        guard TIFFNumberOfStrips(tiff) == 1 else {
            throw OCRError(.corrupt, path: source, reason: "the Group 4 TIFF holds more than one strip")
        }
        let size = TIFFRawStripSize(tiff, 0)
        guard size > 0 else { throw OCRError(.corrupt, path: source, reason: "the Group 4 strip is empty") }
        var data = [UInt8](repeating: 0, count: Int(size))
        guard TIFFReadRawStrip(tiff, 0, &data, tmsize_t(size)) == size else {
            throw OCRError(.corrupt, path: source, reason: "cannot read the Group 4 strip back")
        }
        return data
    }
}
