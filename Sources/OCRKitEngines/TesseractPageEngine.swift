import OCRKit
import OCRKitTesseract

/// Tesseract reading pages, with its page segmentation's known failures read again, each reading
/// kept by its rule (``OCRKit/Rereading``) and recorded on the page:
/// - an image of one line (``OCRKit/Bitmap/isOneLine``) is read again as a line, as the
///   tesseract command is with --psm 7: page segmentation broke lines of Korean into pieces out
///   of order (6 of 12 in `ocr bench languages`), read a line of Korean alone as nothing at all
///   (a country's name in 6 of 12), and read a worn line of Thai's wear as lines around it;
/// - a page of Korean that page segmentation broke into pieces (``breaksIntoPieces(_:of:options:)``)
///   is read again as one column, as the tesseract command is with --psm 4.
///
/// Only with Tesseract's own page segmentation (``OCRKitTesseract/PageSegmentationMode/auto``):
/// a mode the user chose is read as chosen. ``EngineSettings`` reads pages with it.
///
/// ```swift
/// let engine = TesseractPageEngine(try TesseractEngine())
/// let page = try await engine.read(label, options: RecognitionOptions(languages: [language]))   // an image of one line
/// print(page.rereadings)   // [one-line] where Tesseract's page segmentation read it in pieces
/// ```
public struct TesseractPageEngine: OCREngine {
    public let tesseract: TesseractEngine

    public init(_ tesseract: TesseractEngine) {
        self.tesseract = tesseract
    }

    public var info: EngineInfo { tesseract.info }

    public func checkSupport(of options: RecognitionOptions) throws {
        try tesseract.checkSupport(of: options)
    }

    public func recognize(_ bitmap: Bitmap, options: RecognitionOptions) async throws -> Page {
        let page = try await tesseract.recognize(bitmap, options: options)
        guard tesseract.configuration.pageSegmentationMode == .auto else { return page }
        if bitmap.isOneLine {
            let line = try await tesseract.recognize(bitmap, options: options, segmentation: .singleLine)
            return Rereading.keeps(line, asALineOver: page) ? line.kept(as: .oneLine) : page
        }
        guard Self.breaksIntoPieces(page, of: bitmap, options: options) else { return page }
        let column = try await tesseract.recognize(bitmap, options: options, segmentation: .singleColumn)
        return Rereading.keeps(column, over: page) ? column.kept(as: .oneColumn) : page
    }

    /// Whether Tesseract's page segmentation has likely broken a page of Korean into pieces: its
    /// syllables line up from line to line, and the gaps between them were taken for the gutters
    /// of columns (pages of 20 lines came out in 22 to 59 pieces of 4 to 7 letters, at a CER of
    /// 0.54; read as one column, in 20 lines of 14 to 17, at 0.008, the tesseract command
    /// with --psm 4 the same). Page segmentation also drops whole lines of Korean, as pictures: a
    /// page of six lines spaced apart came out in four and a piece (the tesseract command the
    /// same; with --psm 4, all six), leaving more than ``unreadHangulInk`` of its ink outside the
    /// lines read.
    static func breaksIntoPieces(_ page: Page, of bitmap: Bitmap, options: RecognitionOptions) -> Bool {
        guard options.languages.contains(where: { Language($0).scripts.contains(.hangul) }) else { return false }
        if page.lines.isEmpty { return true }
        if bitmap.inkShare(outsideMarginsOf: page.lines) > unreadHangulInk { return true }
        guard page.lines.count >= 3 else { return false }
        let letters = page.lines.map { $0.text.filter { $0.isLetter || $0.isNumber }.count }.reduce(0, +)
        return Double(letters) / Double(page.lines.count) < 8
    }

    /// The share of a Korean page's ink that page segmentation may leave outside the lines it
    /// read before the page is read again as one column: specks and rules, not a line.
    static let unreadHangulInk = 0.1
}
