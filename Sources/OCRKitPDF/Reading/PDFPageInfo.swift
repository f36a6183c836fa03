import Foundation
import OCRKit

/// What a PDF's page holds, read from its objects without rendering it: its visible box and
/// rotation, the text it already has, and the resolution of the scan it is, if it is one.
struct PDFPageInfo: Hashable, Sendable {
    /// The crop box (the media box when there is none), in points, origin bottom left.
    var box: Rect
    /// `/Rotate`: clockwise degrees, a multiple of 90.
    var rotation: Int
    var text: FilePage.Text
    /// The pixels per inch of the image that covers the page when the page is a scan (one image
    /// filling it, or a few of the page's shape, and nothing else); `nil` for other pages.
    var scanResolution: Double?
    /// The name in the page's resources of the one image the page draws upright over its whole
    /// box, and nothing else: a scan whose pixels can be taken as they are, without rendering.
    var scanImage: String?
    /// The width and height in pixels of the page's largest image (most pixels); 0 for none.
    var largestImageWidth: Int, largestImageHeight: Int
}

extension PDFPageInfo {
    /// The visible box and the rotation of page `page` of `file`, read from its own keys alone,
    /// without looking through its content.
    static func frame(of page: QPDFFile.Object, in file: QPDFFile) -> (box: Rect, rotation: Int) {
        func rect(_ key: String) -> Rect? {
            guard let array = file.key(page, key) else { return nil }
            let values = file.items(array).compactMap { file.number($0) }
            guard values.count == 4 else { return nil }
            let rect = Rect(x: min(values[0], values[2]), y: min(values[1], values[3]),
                            width: abs(values[2] - values[0]), height: abs(values[3] - values[1]))
            return rect.width >= 1 && rect.height >= 1 ? rect : nil
        }
        // US Letter, as viewers assume, for a page without a usable box.
        let media = rect("/MediaBox") ?? Rect(x: 0, y: 0, width: 612, height: 792)
        let box = rect("/CropBox").map { $0.intersection(media) ?? media } ?? media
        let turns = Int(file.number(file.key(page, "/Rotate")) ?? 0) / 90
        return (box, ((turns % 4) + 4) % 4 * 90)
    }

    /// Font names that mark an OCR layer: OCRKit's, and the glyphless fonts of Tesseract's PDF
    /// renderer and OCRmyPDF.
    static let ocrFontNames = [GlyphlessFont.name, "GlyphLessFont"]

    /// Reads page `page` of `file`.
    init(_ page: QPDFFile.Object, of file: QPDFFile) {
        (box, rotation) = Self.frame(of: page, in: file)

        var contents = PageContents()
        contents.collect(page: page, of: file)
        if !contents.showsText {
            text = .none
        } else if !contents.fontNames.isEmpty && contents.fontNames.allSatisfy({ name in Self.ocrFontNames.contains { name.contains($0) } }) {
            text = .ocrLayer
        } else {
            text = contents.isScan && contents.setsInvisibleText ? .ocrLayer : .native
        }
        let shown = rotation % 180 == 0 ? (box.width, box.height) : (box.height, box.width)
        let largest = contents.images.max { $0.width * $0.height < $1.width * $1.height }
        (largestImageWidth, largestImageHeight) = (Int(largest?.width ?? 0), Int(largest?.height ?? 0))
        scanResolution = contents.isScan ? contents.scanResolution(shownWidth: shown.0, shownHeight: shown.1) : nil
        scanImage = nil
        if scanResolution != nil, contents.images.count == 1, contents.draws.count == 1, let draw = contents.draws.first {
            // Drawn upright (no turn, no mirror) over the box, to within a hundredth of it.
            let m = draw.matrix, box = self.box
            let fits = abs(m[1]) < 1e-6 && abs(m[2]) < 1e-6 && m[0] > 0 && m[3] > 0
                && abs(m[4] - box.minX) < box.width / 100 && abs(m[5] - box.minY) < box.height / 100
                && abs(m[0] - box.width) < box.width / 100 && abs(m[3] - box.height) < box.height / 100
            scanImage = fits ? draw.name : nil
        }
    }
}

/// What a page's content streams and resources show: images and their sizes, fonts, whether
/// text is drawn. Form XObjects are followed, each once.
private struct PageContents {
    var images: [(width: Double, height: Double)] = []
    var fontNames: [String] = []
    var showsText = false
    var setsInvisibleText = false
    /// The XObjects the page's own content draws, by name, with the matrix they are drawn with.
    var draws: [(name: String, matrix: [Double])] = []
    private var visited: Set<Int> = []

    /// A page of one image, or of images all of the page's shape (a scan split in strips has
    /// several of the same width), and no other drawing but an OCR layer.
    var isScan: Bool { !images.isEmpty && (!showsText || setsInvisibleText) }

    /// The resolution of the largest image, when it has the page's shape as shown (or turned).
    func scanResolution(shownWidth: Double, shownHeight: Double) -> Double? {
        guard let largest = images.max(by: { $0.width * $0.height < $1.width * $1.height }) else { return nil }
        let inches = (shownWidth / 72, shownHeight / 72)
        for (width, height) in [(largest.width, largest.height), (largest.height, largest.width)] {
            let across = width / inches.0, down = height / inches.1
            // Within 3%: the image fills the page, at one resolution both ways.
            if abs(across - down) / max(across, down) < 0.03 { return (across + down) / 2 }
        }
        return nil
    }

    mutating func collect(page: QPDFFile.Object, of file: QPDFFile) {
        if let data = pageContent(page, file) { scan(data, tracksDraws: true) }
        collect(resources: file.key(page, "/Resources"), of: file, depth: 0)
    }

    private func pageContent(_ page: QPDFFile.Object, _ file: QPDFFile) -> [UInt8]? {
        guard let contents = file.key(page, "/Contents") else { return nil }
        let streams = file.isArray(contents) ? file.items(contents) : [contents]
        return streams.filter { file.isStream($0) }.compactMap { file.decodedData($0) }.reduce(into: [UInt8]()) { $0 += $1 + [10] }
    }

    private mutating func collect(resources: QPDFFile.Object?, of file: QPDFFile, depth: Int) {
        guard let resources, depth < 8 else { return }
        if let fonts = file.key(resources, "/Font") {
            for key in file.keys(fonts) {
                guard let font = file.key(fonts, key) else { continue }
                fontNames.append(file.name(file.key(font, "/BaseFont")) ?? key)
            }
        }
        guard let objects = file.key(resources, "/XObject") else { return }
        for key in file.keys(objects) {
            guard let object = file.key(objects, key), file.isStream(object) else { continue }
            let id = file.id(object)
            if id != 0 {
                guard !visited.contains(id) else { continue }
                visited.insert(id)
            }
            let dictionary = file.streamDictionary(object)
            switch file.name(file.key(dictionary, "/Subtype")) {
            case "/Image":
                if let width = file.number(file.key(dictionary, "/Width")), let height = file.number(file.key(dictionary, "/Height")) {
                    images.append((width, height))
                }
            case "/Form":
                if let data = file.decodedData(object) { scan(data) }
                collect(resources: file.key(dictionary, "/Resources"), of: file, depth: depth + 1)
            default:
                break
            }
        }
    }

    /// Looks through a content stream's operators for text drawn (`Tj`, `TJ`, `'`, `"`), the
    /// invisible rendering mode (`3 Tr`) and, when `tracksDraws`, the XObjects drawn (`Do`) with
    /// the matrix in force (`q`, `Q`, `cm`).
    private mutating func scan(_ content: [UInt8], tracksDraws: Bool = false) {
        var previous: [UInt8] = [], token: [UInt8] = []
        var numbers: [Double] = [], name = ""
        var matrix = [1.0, 0, 0, 1, 0, 0], saved: [[Double]] = []
        var depth = 0   // inside a string, (nested (parentheses)) skipped
        func finish() {
            guard !token.isEmpty else { return }
            switch token {
            case Array("Tj".utf8), Array("TJ".utf8), Array("'".utf8), Array("\"".utf8): showsText = true
            case Array("Tr".utf8) where previous == Array("3".utf8): setsInvisibleText = true
            case Array("q".utf8): saved.append(matrix)
            case Array("Q".utf8): matrix = saved.popLast() ?? matrix
            case Array("cm".utf8) where numbers.count >= 6:
                matrix = Self.concatenate(Array(numbers.suffix(6)), matrix)
            case Array("Do".utf8) where tracksDraws && !name.isEmpty:
                draws.append((name, matrix))
            default:
                break
            }
            if let number = Double(String(decoding: token, as: UTF8.self)) {
                numbers.append(number)
            } else {
                numbers = []
            }
            previous = token
            token = []
        }
        var escaped = false, readsName = false
        for byte in content {
            if depth > 0 {
                if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == 40 { depth += 1 } else if byte == 41 { depth -= 1 }
                if depth == 0 { token = []; previous = [] }
                continue
            }
            switch byte {
            case 40: finish(); depth = 1          // (
            case 32, 10, 13, 9, 12, 0, 91, 93, 60, 62, 47:   // white space, [ ] < > /
                if readsName {
                    name = "/" + String(decoding: token, as: UTF8.self)
                    token = []
                    readsName = false
                }
                finish()
                if byte == 47 { readsName = true } else if byte != 32 && byte != 10 && byte != 13 && byte != 9 { previous = [] }
            default: token.append(byte)
            }
        }
        if readsName { token = [] }
        finish()
    }

    /// `m` then `n`, as PDF's `cm` concatenates a matrix to the one in force.
    private static func concatenate(_ m: [Double], _ n: [Double]) -> [Double] {
        [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
         m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
         m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]]
    }
}
