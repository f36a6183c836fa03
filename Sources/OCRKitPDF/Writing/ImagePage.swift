import Foundation
import OCRKit
import OCRKitImages

/// A PDF page made from an image file: the image filling the page at its resolution, as a
/// JPEG's own bytes where it can be, its pixels compressed without loss otherwise (black and
/// white in CCITT Group 4).
struct ImagePage {
    /// The image XObject's dictionary keys, in PDF's syntax, and its stream's bytes and filter.
    var dictionary: String
    var data: [UInt8]
    var filter: String?
    /// The image's stored size in pixels, and the page's size in points.
    var pixelWidth: Int, pixelHeight: Int
    var box: Rect
    /// `/Rotate`: how a viewer turns the stored image upright.
    var rotation: Int

    /// The page of `page`, which was read from an image file.
    static func make(for page: Page, decoder: any ImageDecoder, straightener: (any ImageStraightener)?) async throws -> ImagePage {
        if let straightening = page.straightening, straightening.onlyTurns {
            // Turned upright and nothing more: the image as it was, shown turned by the page's rotation.
            var unturned = page
            unturned.straightening = nil
            (unturned.width, unturned.height) = (straightening.imageWidth, straightening.imageHeight)
            var image = try await make(for: unturned, decoder: decoder, straightener: straightener)
            image.rotation = (image.rotation + straightening.quarterTurns * 90) % 360
            return image
        }
        if page.straightening == nil, let (header, bytes) = jpegFile(try page.checkedSource()),
           let rotation = [1: 0, 3: 180, 6: 90, 8: 270][header.orientation] {
            return jpeg(Array(bytes), width: header.width, height: header.height, bands: header.bands,
                        isCMYK: header.isCMYK, resolution: header.resolution, rotation: rotation)
        }
        let bitmap = try await decoder.image(of: page, straightenedBy: straightener)
        if page.straightening != nil {
            // A straightened photo is a new picture: JPEG keeps it the size of the photo it came from.
            return jpeg(try ImageWriter.jpegData(bitmap), width: bitmap.width, height: bitmap.height, bands: bitmap.layout.channels,
                        isCMYK: false, resolution: bitmap.resolution, rotation: 0)
        }
        return try lossless(bitmap)
    }

    /// The header and bytes of a JPEG file a page is of, which a page embeds as they are.
    private static func jpegFile(_ source: PageSource) -> (ImageFileHeader, Data)? {
        guard source.page == nil, let header = try? ImageFileHeader(source.document), header.format == "JPEG",
              let bytes = try? source.document.data() else {
            return nil   // a page of a document, or not a JPEG
        }
        return (header, bytes)
    }

    private static func jpeg(
        _ bytes: [UInt8], width: Int, height: Int, bands: Int, isCMYK: Bool, resolution: Double?, rotation: Int
    ) -> ImagePage {
        let space = isCMYK || bands == 4 ? "/DeviceCMYK" : bands == 1 ? "/DeviceGray" : "/DeviceRGB"
        // Adobe's CMYK JPEGs store their inks inverted, and say so in an APP14 segment.
        let inverted = space == "/DeviceCMYK" && hasAdobeSegment(bytes) ? " /Decode [1 0 1 0 1 0 1 0]" : ""
        return ImagePage(
            dictionary: "<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) "
                + "/ColorSpace \(space) /BitsPerComponent 8\(inverted) >>",
            data: bytes, filter: "/DCTDecode", pixelWidth: width, pixelHeight: height,
            box: box(width: width, height: height, resolution: resolution), rotation: rotation)
    }

    /// Grey or RGB pixels without loss, in Flate; a page of black and white only in CCITT
    /// Group 4, as scanners store such pages.
    private static func lossless(_ bitmap: Bitmap) throws -> ImagePage {
        let page = box(width: bitmap.width, height: bitmap.height, resolution: bitmap.resolution)
        if CCITTGroup4.isBlackAndWhite(bitmap) {
            return ImagePage(
                dictionary: "<< /Type /XObject /Subtype /Image /Width \(bitmap.width) /Height \(bitmap.height) "
                    + "/ColorSpace /DeviceGray /BitsPerComponent 1 "
                    + "/DecodeParms << /K -1 /Columns \(bitmap.width) /Rows \(bitmap.height) >> >>",
                data: try CCITTGroup4.encode(bitmap), filter: "/CCITTFaxDecode", pixelWidth: bitmap.width, pixelHeight: bitmap.height,
                box: page, rotation: 0)
        }
        // Compressed now, as a PNG's image data, which Flate reads with PNG's predictors (as
        // img2pdf embeds PNGs): a page waiting to be written holds a fraction of its pixels.
        let space = bitmap.layout == .gray ? "/DeviceGray" : "/DeviceRGB"
        return ImagePage(
            dictionary: "<< /Type /XObject /Subtype /Image /Width \(bitmap.width) /Height \(bitmap.height) "
                + "/ColorSpace \(space) /BitsPerComponent 8 "
                + "/DecodeParms << /Predictor 15 /Colors \(bitmap.layout.channels) /BitsPerComponent 8 /Columns \(bitmap.width) >> >>",
            data: try imageData(ofPNG: ImageWriter.pngData(bitmap), source: bitmap.image), filter: "/FlateDecode",
            pixelWidth: bitmap.width, pixelHeight: bitmap.height, box: page, rotation: 0)
    }

    /// The zlib stream of a PNG's `IDAT` chunks, joined.
    private static func imageData(ofPNG png: [UInt8], source: String) throws -> [UInt8] {
        var data: [UInt8] = [], index = 8
        while index + 8 <= png.count {
            let length = png[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[(index + 4)..<(index + 8)], as: UTF8.self)
            guard index + 12 + length <= png.count else { break }
            if type == "IDAT" { data += png[(index + 8)..<(index + 8 + length)] }
            index += 12 + length
        }
        guard !data.isEmpty else { throw OCRError(.corrupt, path: source, reason: "the PNG made of the image holds no image data") }
        return data
    }

    /// The page's box in points: the image's size at its resolution, 300 dpi when it states none.
    private static func box(width: Int, height: Int, resolution: Double?) -> Rect {
        let scale = 72 / (resolution ?? 300)
        return Rect(x: 0, y: 0, width: Double(width) * scale, height: Double(height) * scale)
    }

    private static func hasAdobeSegment(_ bytes: [UInt8]) -> Bool {
        let adobe = Array("Adobe".utf8)
        var index = 2
        // Walk the segments before the image data: marker, two bytes of length, content.
        while index + 4 < bytes.count, bytes[index] == 0xFF, bytes[index + 1] != 0xDA {
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if bytes[index + 1] == 0xEE, index + 4 + adobe.count <= bytes.count, Array(bytes[(index + 4)..<(index + 4 + adobe.count)]) == adobe {
                return true
            }
            index += 2 + length
        }
        return false
    }
}
