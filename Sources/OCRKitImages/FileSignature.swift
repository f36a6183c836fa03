import Foundation

/// Recognises the formats OCRKit reads by their first bytes: the one place that tells a PDF
/// from a TIFF from a file of another kind, and a damaged file of a supported format ("corrupt
/// TIFF") from one of a format OCRKit does not read ("unsupported").
///
/// ```swift
/// if FileSignature.format(of: upload) == "PDF" { print("a document of pages") }
/// ```
public enum FileSignature {
    private static let signatures: [(format: String, offset: Int, bytes: [UInt8])] = [
        ("JPEG", 0, [0xFF, 0xD8, 0xFF]),
        ("PNG", 0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("TIFF", 0, Array("II*\0".utf8)),
        ("TIFF", 0, Array("MM\0*".utf8)),
        ("GIF", 0, Array("GIF8".utf8)),
        ("WebP", 8, Array("WEBP".utf8)),
        ("HEIC", 4, Array("ftyp".utf8)),
    ]

    /// How far into a file a PDF's `%PDF-` may be, as readers look for it.
    private static let pdfHeaderReach = 1024

    /// The format the file's first bytes announce ("PDF", "JPEG", "TIFF"...), or `nil` when they
    /// announce none OCRKit reads (or the file cannot be read).
    public static func format(ofFileAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return format(of: (try? handle.read(upToCount: pdfHeaderReach)) ?? Data())
    }

    /// The format a file's `contents` announce, as ``format(ofFileAt:)``.
    public static func format(of contents: Data) -> String? {
        if contents.prefix(pdfHeaderReach).range(of: Data("%PDF-".utf8)) != nil { return "PDF" }
        let head = [UInt8](contents.prefix(16))
        return signatures.first { signature in
            head.count >= signature.offset + signature.bytes.count
                && Array(head[signature.offset..<(signature.offset + signature.bytes.count)]) == signature.bytes
        }?.format
    }
}
