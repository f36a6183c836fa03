import Foundation

/// Recognises the formats OCRKit reads by their first bytes, to tell a damaged file of a
/// supported format ("corrupt TIFF") from a file of another kind ("unsupported").
enum ImageSignature {
    private static let signatures: [(format: String, offset: Int, bytes: [UInt8])] = [
        ("JPEG", 0, [0xFF, 0xD8, 0xFF]),
        ("PNG", 0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("TIFF", 0, Array("II*\0".utf8)),
        ("TIFF", 0, Array("MM\0*".utf8)),
        ("GIF", 0, Array("GIF8".utf8)),
        ("WebP", 8, Array("WEBP".utf8)),
        ("HEIC", 4, Array("ftyp".utf8)),
    ]

    /// The format the file's first bytes announce, or `nil` when they announce none OCRKit reads.
    static func format(ofFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return format(of: (try? handle.read(upToCount: 16)) ?? Data())
    }

    /// The format an image's first bytes announce, or `nil` when they announce none OCRKit reads.
    static func format(of contents: Data) -> String? {
        let head = [UInt8](contents.prefix(16))
        return signatures.first { signature in
            head.count >= signature.offset + signature.bytes.count
                && Array(head[signature.offset..<(signature.offset + signature.bytes.count)]) == signature.bytes
        }?.format
    }
}
