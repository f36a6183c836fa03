import Foundation
import OCRKit
import OCRKitImages

/// PDFs written object by object, for what no tool here makes: scans in JPEG 2000 or JBIG2,
/// scans drawn inside forms, documents that are only a form's XML.
public enum HandMadePDF {
    /// Writes `objects` (numbered from 1, the first the catalog) with a cross-reference table.
    public static func write(_ objects: [[UInt8]], to path: String) throws {
        var bytes = Array("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let table = bytes.count
        bytes += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { bytes += Array(String(format: "%010d 00000 n \n", offset).utf8) }
        bytes += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A dictionary object.
    public static func object(_ dictionary: String) -> [UInt8] {
        Array(dictionary.utf8)
    }

    /// A stream object: `dictionary`'s keys (without `/Length`, which it adds) and `data`.
    public static func stream(_ keys: String, _ data: [UInt8]) -> [UInt8] {
        Array("<< \(keys) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }

    /// One page of `width` by `height` points (US Letter unless given) with `resources` (the
    /// dictionary's keys) and `content`: objects 1 to 4, those its resources name to follow.
    public static func page(width: Double = 612, height: Double = 792, resources: String, content: String) -> [[UInt8]] {
        [
            object("<< /Type /Catalog /Pages 2 0 R >>"),
            object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Resources << \(resources) >> >>"),
            stream("", Array(content.utf8)),
        ]
    }

    /// One page of `width` by `height` points that draws image object 5 over itself, directly or
    /// through a form: objects 1 to 4 (or 5, with the form before the image), the image to follow.
    public static func pageDrawingImage(width: Double, height: Double, throughForm: Bool = false) -> [[UInt8]] {
        let drawing = "q \(width) 0 0 \(height) 0 0 cm /Im0 Do Q"
        let image = throughForm ? 6 : 5
        var objects = page(width: width, height: height, resources: "/XObject << " + (throughForm ? "/Fm0 5 0 R" : "/Im0 5 0 R") + " >>",
                           content: throughForm ? "q /Fm0 Do Q" : drawing)
        if throughForm {
            objects.append(stream("/Type /XObject /Subtype /Form /BBox [0 0 \(width) \(height)] /Resources << /XObject << /Im0 \(image) 0 R >> >>",
                                  Array(drawing.utf8)))
        }
        return objects
    }

    /// A JBIG2 page of `width` by `height` pixels, white but for `region` (black and white) placed
    /// at `x`, `y`: the segments PDF's `JBIG2Decode` reads (page information, one generic region
    /// coded with MMR, which is CCITT Group 4, end of page).
    public static func jbig2(width: Int, height: Int, region: Bitmap, x: Int, y: Int) throws -> [UInt8] {
        func big(_ value: Int, bytes: Int) -> [UInt8] { (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        func segment(_ number: Int, type: UInt8, _ data: [UInt8]) -> [UInt8] {
            // Number, flags (type; one-byte page association), no segments referred to, page 1, length.
            big(number, bytes: 4) + [type, 0x00, 0x01] + big(data.count, bytes: 4) + data
        }
        let pageInformation = big(width, bytes: 4) + big(height, bytes: 4) + big(0, bytes: 4) + big(0, bytes: 4) + [0x00] + big(0, bytes: 2)
        let regionInformation = big(region.width, bytes: 4) + big(region.height, bytes: 4) + big(x, bytes: 4) + big(y, bytes: 4) + [0x00]
        // Generic region flags: MMR.
        let generic = regionInformation + [0x01] + (try CCITTGroup4.encode(region))
        return segment(0, type: 48, pageInformation) + segment(1, type: 38, generic) + segment(2, type: 49, [])
    }
}
