internal import CTesseract
import Foundation
import OCRKit

/// Tells which way up a page's text is, so that ``OCRKit/ImageStraightener``s such as `PageStraightener` can
/// turn pages photographed sideways or upside down: Tesseract's orientation and script detection
/// (`osd.traineddata`, Debian's tesseract-ocr-osd), checked by reading when it is unsure.
///
/// On receipts, orientation detection often takes upside-down text for upright and back (thin
/// dot-matrix print gives it little to go on), though it rarely mistakes sideways text for
/// upright. So unless it is sure, a band across the middle of the page is read both ways up, and
/// the way that reads more letters and digits confidently wins.
///
/// ```swift
/// let detector = try TesseractOrientationDetector()
/// if let orientation = try await detector.orientation(of: bitmap), orientation.confidence > 0.5 {
///     bitmap = bitmap.turned(clockwiseQuarterTurns: orientation.quarterTurns)
/// }
/// ```
public final class TesseractOrientationDetector: OrientationDetector {
    /// Orientation detection at least this sure is taken without reading.
    public let trustedConfidence: Double
    /// The languages read when checking.
    public let languages: [String]
    private let workers: BlockingWorkerPool<Sessions>
    private let info = EngineInfo(name: TesseractEngine.name, version: String(cString: TessVersion()))

    /// - Parameters:
    ///   - configuration: where the language data is and how many workers detect at once; its
    ///     page segmentation mode is not used.
    ///   - languages: the languages of the pages, read when checking.
    /// - Throws: ``OCRError/Code/engineUnavailable`` when `osd.traineddata` is not installed.
    public init(configuration: TesseractConfiguration = TesseractConfiguration(), languages: [String] = ["eng"],
                trustedConfidence: Double = 0.8) throws {
        guard let dataPath = configuration.resolvedDataPath(),
              FileManager.default.fileExists(atPath: (dataPath as NSString).appendingPathComponent("osd.traineddata")) else {
            throw OCRError(.engineUnavailable, reason: "Tesseract's orientation data (osd.traineddata) is not installed; install tesseract-ocr-osd")
        }
        self.languages = languages
        self.trustedConfidence = trustedConfidence
        workers = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-tesseract-osd") {
            Sessions(detecting: try TesseractSession(dataPath: dataPath), reading: try TesseractSession(dataPath: dataPath))
        }
    }

    public func orientation(of bitmap: Bitmap) async throws -> TextOrientation? {
        let trusted = trustedConfidence, options = RecognitionOptions(languages: languages, alternativeCount: 0), info = info
        return try await workers.run { sessions in
            let detected = try sessions.detecting.orientationAndScript(of: bitmap)?.0
            if let detected, detected.confidence >= trusted { return detected }
            let first = detected?.quarterTurns ?? 0
            var candidates = [first, (first + 2) % 4]
            // With no opinion to start from, text running down the page is as likely.
            if detected == nil { candidates += [(first + 1) % 4, (first + 3) % 4] }
            let legibility = try candidates.map { turns in
                try sessions.reading.legibility(of: bitmap.turned(clockwiseQuarterTurns: turns).middleBand,
                                                options: options, engine: info)
            }
            let total = legibility.reduce(0, +)
            guard let best = legibility.indices.max(by: { legibility[$0] < legibility[$1] }), total > 0 else { return detected }
            return TextOrientation(quarterTurns: candidates[best], confidence: legibility[best] / total)
        }
    }

    /// A worker's two Tesseract instances: one holds the orientation data, the other a language's,
    /// so that neither is loaded again for every page.
    private struct Sessions {
        let detecting: TesseractSession
        let reading: TesseractSession
    }
}

extension TesseractSession {
    /// How much of `bitmap` Tesseract reads confidently, as one block of text: its words' letters
    /// and digits (the letters of `scripts` alone, when given), each counted at its word's
    /// confidence. A word's confidence is the lever: its characters' own are high whatever a
    /// model makes of another script's letters, and a Russian page read best as Greek by them.
    func legibility(of bitmap: Bitmap, options: RecognitionOptions, engine: EngineInfo, scripts: [Script]? = nil) throws -> Double {
        let page = try recognize(bitmap, options: options, mode: .singleBlock, engine: engine)
        return page.words.reduce(0) { total, word in
            let counted = word.text.filter { character in
                scripts.map { scripts in Script(character).map(scripts.contains) ?? false } ?? (character.isLetter || character.isNumber)
            }
            return total + word.confidence * Double(counted.count)
        }
    }
}

extension Bitmap {
    /// The middle third of the image's height, without its outer tenths: lines of a page's text,
    /// away from its edges.
    var middleBand: Bitmap {
        let band = Rect(x: Double(width) * 0.1, y: Double(height) / 3, width: Double(width) * 0.8, height: Double(height) / 3)
        return cropped(to: band) ?? self
    }
}
