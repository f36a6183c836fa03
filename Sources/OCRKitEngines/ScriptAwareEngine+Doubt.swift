import OCRKit
import OCRKitTesseract

extension ScriptAwareEngine {
    /// When a first reading, in English, is doubtful: when it read little of its page surely, or
    /// left much of the page's ink unread. A doubtful page has its orientation and its script
    /// found, which costs more than its reading (on receipts read by Tesseract, 4 times the time),
    /// so an English page read well must not be doubtful; a page of another script must be.
    ///
    /// The limits are the engine's own, for engines differ in how sure they say they are: PP-OCR
    /// reads a Greek page in English at 0.8, Tesseract a clear receipt at 0.5 (a word's confidence,
    /// by character, on pages rendered from translations and ../shared/datasets' receipts).
    ///
    /// ```swift
    /// let tesseract = try TesseractEngine()
    /// var engine = ScriptAwareEngine(engine: tesseract, installedLanguages: tesseract.installedLanguages, reader: tesseract,
    ///                                detector: try TesseractScriptDetector(), doubt: .tesseract)
    /// engine.doubt.unreadInk = 0.8                // photos with pictures in: leave their ink be
    /// let page = try await engine.read(bitmap)    // a Russian page, doubtful in English: read in Russian
    /// ```
    public struct Doubt: Hashable, Sendable {
        /// A word read at least this confidently is sure.
        public var sureConfidence: Double
        /// A reading with a smaller share of its characters in sure words than this is doubtful.
        public var sureShare: Double
        /// A reading that leaves a larger share than this of the page's ink outside its lines is
        /// doubtful.
        public var unreadInk: Double

        public init(sureConfidence: Double, sureShare: Double, unreadInk: Double) {
            self.sureConfidence = sureConfidence
            self.sureShare = sureShare
            self.unreadInk = unreadInk
        }

        /// PP-OCR's, and `auto`'s, whose lines are mostly PP-OCR's. Read in English, receipts had
        /// 0.82 to 1 of their characters in words read at 0.95 (the first half of
        /// ../shared/datasets' receipts; 0.84 on the other half); pages of Greek, Hebrew, Hindi,
        /// Thai, Korean, Russian, Ukrainian and Arabic 0 to 0.5, the highest on pages of which it
        /// read a dozen characters. A page of which nothing was read is doubtful when it left more
        /// than half its ink, as such pages left 0.68 to 1. Receipts leave up to 0.29 of theirs
        /// (0.86 on the other half: a stamp, a shaded background), so ink alone says little.
        public static let ppocr = Doubt(sureConfidence: 0.95, sureShare: 0.6, unreadInk: 0.5)

        /// Tesseract's. Read in English, receipts had 0.22 to 0.74 of their characters in words
        /// read at 0.9 (0.21 on the other half); pages of other scripts 0 to 0.09, upside-down
        /// receipts 0.005 to 0.02. Tesseract reads a page of another script as lines of garbage,
        /// so the ink it leaves says little: receipts left up to 0.38 of theirs (0.86 on the
        /// other half), pages of Korean 0.38. Only a page it read next to nothing of is doubtful
        /// for its ink.
        public static let tesseract = Doubt(sureConfidence: 0.9, sureShare: 0.15, unreadInk: 0.9)
    }

    /// What `page` is judged by: ``doubt``, the wrapped engine's, unless the page came back read
    /// by Tesseract alone from another engine (`auto` given a language PP-OCR does not read, such
    /// as Hebrew), whose confidences are Tesseract's: judged by PP-OCR's, every such page was
    /// doubtful, and had its orientation detected, which cost as much as reading it.
    func doubt(of page: Page) -> Doubt {
        page.engine.name == TesseractEngine.name && engine.info.name != TesseractEngine.name ? .tesseract : doubt
    }

    /// Whether a reading of `bitmap` is doubtful by its ``doubt(of:)``.
    func isDoubtful(_ page: Page, in bitmap: Bitmap) -> Bool {
        let doubt = doubt(of: page)
        var characters = 0, sure = 0
        for line in page.lines {
            for (text, confidence) in line.readings {
                let count = text.filter { $0.isLetter || $0.isNumber }.count
                characters += count
                if confidence >= doubt.sureConfidence { sure += count }
            }
        }
        // A page with nothing read, or only marks (a quote read from a line of Hindi), is
        // doubtful only for the ink it holds (a blank page, a photo).
        if characters > 0, Double(sure) < doubt.sureShare * Double(characters) { return true }
        // What PP-OCR reads of a line of Korean may be its brackets alone, `()`, in a box around
        // the whole line: no ink is left unread, but the page would be warned of as unread.
        return bitmap.inkShare(outsideMarginsOf: page.lines) > doubt.unreadInk || Self.readsNothing(of: page, in: bitmap)
    }
}
