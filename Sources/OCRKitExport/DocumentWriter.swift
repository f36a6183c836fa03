import OCRKit

/// Writes pages as one document, a page at a time, so that a batch can be written as its pages
/// are read: ``header``, then ``fragment(for:number:)`` for each page in order, then ``footer``.
///
/// ```swift
/// let writer = HOCRWriter()
/// var document = writer.header
/// for (number, page) in pages.enumerated() { document += writer.fragment(for: page, number: number + 1) }
/// document += writer.footer
/// ```
public protocol DocumentWriter: Sendable {
    var header: String { get }
    /// The page, numbered from 1 in the document written; a page of a PDF or TIFF gives its own
    /// number in that file as its physical page (hOCR's `ppageno`, ALTO's `PHYSICAL_IMG_NR`).
    func fragment(for page: Page, number: Int) -> String
    var footer: String { get }
}

/// Whole pixels for the coordinates of an element: its quad's bounding rectangle, rounded
/// outwards.
struct PixelBox {
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int

    init(_ rect: Rect) {
        left = Int(rect.minX.rounded(.down))
        top = Int(rect.minY.rounded(.down))
        right = Int(rect.maxX.rounded(.up))
        bottom = Int(rect.maxY.rounded(.up))
    }

    /// The box of a normalised rectangle on a page.
    init(normalized rect: Rect, on page: Page) {
        self.init(rect.scaled(width: Double(page.width), height: Double(page.height)))
    }

    var width: Int { right - left }
    var height: Int { bottom - top }
}

extension String {
    /// The text escaped for XML content and attribute values.
    var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                // Control characters other than tab and line breaks are not allowed in XML 1.0.
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                   scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" {
                    continue
                }
                escaped.append(character)
            }
        }
        return escaped
    }
}
