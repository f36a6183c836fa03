internal import CTesseract
import Foundation
import OCRKit

/// Tells which script an image's text is in with Tesseract's orientation and script detection
/// (`osd.traineddata`, Debian's tesseract-ocr-osd), checked by reading when it is unsure: a
/// page's, or a single line's.
///
/// It tells scripts apart, not the languages written in one: a German page is Latin, as an
/// English one is. Japanese (kana among Han) is told from Chinese, and Korean by its Hangul.
/// Detection alone often takes Cyrillic for Latin (о, р, с, у and е look alike: a clear page of
/// Russian came out "Latin"), so unless it is sure, a script it finds among those whose letters
/// look alike (Latin, Cyrillic, Greek) is checked: the text (a band across a page's middle, or a
/// line whole) is read in a language of each, among those installed, and the script whose
/// letters read most confidently wins. Other scripts it finds are taken as found. Reading in every
/// installed script instead was worse: a model reads text of another script as its own, confidently
/// (a Latin page read best in Thai).
///
/// ```swift
/// let detector = try TesseractScriptDetector()
/// if let found = try await detector.script(of: bitmap) {
///     print(found.script, found.confidence)   // cyrillic 0.93
/// }
/// ```
public final class TesseractScriptDetector: ScriptDetector {
    /// Fewer characters than this, and detection does not say. Detection tries Tesseract's own
    /// minimum, 50, a page's worth, first, and this where the text has fewer: a line of a dozen
    /// characters is often told right too.
    public let minimumCharacters: Int
    /// Detection at least this sure is taken without reading.
    public let trustedConfidence: Double
    /// The installed language each script is read in when detection is unsure
    /// (``OCRKit/Script/language(among:)``).
    public let readers: [Script: String]
    /// The scripts whose letters look alike, read whatever detection found when it is unsure.
    public static let lookalikes: [Script] = [.latin, .cyrillic, .greek]
    private let workers: BlockingWorkerPool<Sessions>
    private let info = EngineInfo(name: TesseractEngine.name, version: String(cString: TessVersion()))

    /// - Parameter configuration: where the language data is and how many workers detect at once;
    ///   its page segmentation mode is not used.
    /// - Throws: ``OCRKit/OCRError/Code/engineUnavailable`` when `osd.traineddata` is not installed.
    public init(configuration: TesseractConfiguration = TesseractConfiguration(), minimumCharacters: Int = 10,
                trustedConfidence: Double = 0.75) throws {
        guard let dataPath = configuration.resolvedDataPath(),
              FileManager.default.fileExists(atPath: (dataPath as NSString).appendingPathComponent("osd.traineddata")) else {
            throw OCRError(.engineUnavailable, reason: "Tesseract's script detection data (osd.traineddata) is not installed: "
                + "apt-get install tesseract-ocr-osd")
        }
        self.minimumCharacters = minimumCharacters
        self.trustedConfidence = trustedConfidence
        let installed = configuration.installedLanguages
        readers = Dictionary(uniqueKeysWithValues: Script.allCases.compactMap { script in
            script.language(among: installed).map { (script, $0) }
        })
        workers = BlockingWorkerPool(count: max(1, configuration.jobs), name: "ocrkit-tesseract-script") {
            Sessions(detecting: try TesseractSession(dataPath: dataPath), dataPath: dataPath)
        }
    }

    public func script(of bitmap: Bitmap) async throws -> ScriptDetection? {
        let minimum = minimumCharacters, trusted = trustedConfidence, readers = readers, info = info
        return try await workers.run { sessions in
            // Tesseract's own minimum first: told to stop at fewer characters, detection took a
            // page of Thai for Latin and one of Korean for Bengali, which it tells right at 50.
            let detected = try (sessions.detecting.orientationAndScript(of: bitmap)
                ?? sessions.detecting.orientationAndScript(of: bitmap, minimumCharacters: minimum))?.1
            // Unsure, detection still tells scripts of different looks apart: pages of 20 lines of
            // Thai and of Korean were found so at 0.33 to 0.56, where reading took Thai for
            // Cyrillic.
            if let detected, detected.confidence >= trusted || !Self.lookalikes.contains(detected.script) { return detected }
            let scripts = Self.lookalikes.filter { readers[$0] != nil }
            guard scripts.count > 1 else { return detected }
            let sample = bitmap.height > 400 ? bitmap.middleBand : bitmap
            let legibility = try scripts.map { script in
                let language = readers[script]!
                return try sessions.reader(for: language).legibility(
                    of: sample, options: RecognitionOptions(languages: [language], alternativeCount: 0), engine: info,
                    scripts: Language(language).scripts)
            }
            let total = legibility.reduce(0, +)
            guard let best = legibility.indices.max(by: { legibility[$0] < legibility[$1] }), total > 0 else { return detected }
            return ScriptDetection(script: scripts[best], confidence: legibility[best] / total)
        }
    }

    /// A worker's Tesseract instances: one holds the detection data, the others a language each,
    /// so that none is loaded again for every image.
    private final class Sessions {
        let detecting: TesseractSession
        let dataPath: String
        private var readers: [String: TesseractSession] = [:]

        init(detecting: TesseractSession, dataPath: String) {
            self.detecting = detecting
            self.dataPath = dataPath
        }

        func reader(for language: String) throws -> TesseractSession {
            if let reader = readers[language] { return reader }
            let reader = try TesseractSession(dataPath: dataPath)
            readers[language] = reader
            return reader
        }
    }
}
