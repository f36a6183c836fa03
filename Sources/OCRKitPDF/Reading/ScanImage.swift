import Foundation
import OCRKit
import OCRKitImages

/// The pixels of a page that is one scan (``PDFPageInfo/scanImage``), taken from its image as it
/// is stored rather than rendered: a JPEG's bytes, or grey or RGB samples compressed without
/// loss. Pages stored otherwise (CCITT, JBIG2, JPEG 2000, colour spaces of their own, masks)
/// are rendered instead.
enum ScanImage {
    /// A JPEG's bytes, and the size its dictionary gives.
    case jpeg(Data, width: Int, height: Int)
    case pixels(Bitmap)

    /// The image `name` of `page`'s resources, or `nil` when it is not stored in a way taken as it is.
    init?(_ name: String, on page: QPDFFile.Object, of file: QPDFFile, source: String) {
        guard let resources = file.key(page, "/Resources"), let objects = file.key(resources, "/XObject"),
              let image = file.key(objects, name), file.isStream(image) else { return nil }
        let dictionary = file.streamDictionary(image)
        for key in ["/Decode", "/SMask", "/Mask", "/ImageMask"] where file.key(dictionary, key) != nil { return nil }
        guard let width = file.number(file.key(dictionary, "/Width")).map(Int.init),
              let height = file.number(file.key(dictionary, "/Height")).map(Int.init), width > 0, height > 0,
              let space = file.name(file.key(dictionary, "/ColorSpace")) else { return nil }
        let bits = file.number(file.key(dictionary, "/BitsPerComponent")).map(Int.init) ?? 8
        var filters: [String] = []
        if let filter = file.key(dictionary, "/Filter") {
            filters = file.isArray(filter) ? file.items(filter).compactMap { file.name($0) } : [file.name(filter)].compactMap { $0 }
        }
        if filters == ["/DCTDecode"] {
            guard ["/DeviceGray", "/DeviceRGB"].contains(space), let bytes = file.rawData(image) else { return nil }
            self = .jpeg(Data(bytes), width: width, height: height)
            return
        }
        guard filters.allSatisfy({ $0 == "/FlateDecode" }), let samples = file.decodedData(image) else { return nil }
        switch (space, bits) {
        case ("/DeviceGray", 8) where samples.count == width * height:
            self = .pixels(Bitmap(width: width, height: height, layout: .gray, pixels: samples, image: source))
        case ("/DeviceRGB", 8) where samples.count == width * height * 3:
            self = .pixels(Bitmap(width: width, height: height, layout: .rgb, pixels: samples, image: source))
        case ("/DeviceGray", 1) where samples.count == (width + 7) / 8 * height:
            let rowBytes = (width + 7) / 8
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width where samples[y * rowBytes + x / 8] & (0x80 >> UInt8(x % 8)) != 0 {
                    pixels[y * width + x] = 255
                }
            }
            self = .pixels(Bitmap(width: width, height: height, layout: .gray, pixels: pixels, image: source))
        default:
            return nil
        }
    }
}
