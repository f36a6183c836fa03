import Foundation
import OCRKit

/// Reads binary PPM images (`P6`, 8 bits a channel) one after another from a stream, as ffmpeg's
/// `image2pipe` writes them.
final class PixmapReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// Larger frames are refused rather than allocated: 8K video has 33 million pixels.
    static let maximumPixelCount = 100_000_000

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// The next image, or `nil` at the end of the stream.
    func next(source: String) throws -> Bitmap? {
        guard try ensure(1) else { return nil }
        guard try token() == "P6" else {
            throw OCRError(.corrupt, path: source, reason: "the frame is not a binary PPM image")
        }
        guard let width = Int(try token()), let height = Int(try token()), let maximum = Int(try token()),
              width > 0, height > 0, maximum == 255 else {
            throw OCRError(.corrupt, path: source, reason: "the frame's PPM header is damaged")
        }
        guard width.multipliedReportingOverflow(by: height).partialValue <= Self.maximumPixelCount else {
            throw OCRError(.tooLarge, path: source, reason: "the frame has \(width) x \(height) pixels")
        }
        position += 1   // the one white space after the header
        let count = width * height * 3
        guard try ensure(count) else {
            throw OCRError(.corrupt, path: source, reason: "the stream ended inside a frame")
        }
        let pixels = Array(buffer[position..<position + count])
        position += count
        return Bitmap(width: width, height: height, layout: .rgb, pixels: pixels, image: source)
    }

    /// A header field: skips white space and comments, then reads up to the next white space.
    private func token() throws -> String {
        var text = ""
        while try ensure(1) {
            let byte = buffer[position]
            if byte == UInt8(ascii: "#") {
                while try ensure(1), buffer[position] != UInt8(ascii: "\n") { position += 1 }
            } else if Self.isSpace(byte) {
                if !text.isEmpty { return text }
                position += 1
            } else {
                text.append(Character(Unicode.Scalar(byte)))
                position += 1
                if text.count > 10 { break }
            }
        }
        return text
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `count` bytes are buffered from `position`, reading more as needed.
    private func ensure(_ count: Int) throws -> Bool {
        if position > 0 && buffer.count - position < count {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        while buffer.count - position < count && !atEnd {
            guard let chunk = try handle.read(upToCount: max(count - (buffer.count - position), 1 << 16)), !chunk.isEmpty else {
                atEnd = true
                break
            }
            buffer.append(contentsOf: chunk)
        }
        return buffer.count - position >= count
    }
}
