internal import CTesseract
import Foundation
import OCRKit

/// One Tesseract instance, owned by one worker thread of a ``TesseractEngine`` and used by no
/// other: `TessBaseAPI` is not safe to share.
final class TesseractSession {
    private let handle: OpaquePointer
    private let dataPath: String
    /// The languages the instance was last initialised with, as Tesseract spells them (`eng+deu`).
    private var loadedLanguages: String?
    /// Where the pixels Tesseract reads begin in the bitmap: the region of interest's top left.
    private var origin = Point(x: 0, y: 0)

    init(dataPath: String) throws {
        guard let handle = TessBaseAPICreate() else {
            throw OCRError(.outOfMemory, reason: "Tesseract could not allocate an instance")
        }
        self.handle = handle
        self.dataPath = dataPath
        OpenMP.serializeCallingThread()
    }

    deinit {
        ExitSafeRelease.perform("tesseract") { [handle] in
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
    }

    func recognize(
        _ bitmap: Bitmap, options: RecognitionOptions, mode: PageSegmentationMode, engine: EngineInfo
    ) throws -> Page {
        let languages = options.languages.isEmpty ? ["eng"] : options.languages
        try load(languages: languages.joined(separator: "+"), path: bitmap.image)
        defer { TessBaseAPIClear(handle) }

        TessBaseAPISetPageSegMode(handle, TessPageSegMode(UInt32(mode.rawValue)))
        set("tessedit_char_whitelist", options.allowedCharacters ?? "")
        // Mode 2 keeps the recogniser's top choices for every symbol.
        set("lstm_choice_mode", options.alternativeCount > 0 ? "2" : "0")

        // The region is cut out here rather than given to TessBaseAPISetRectangle: Tesseract 5.3
        // misreads a rectangle as wide as the image that stops short of its bottom ("AB12 CDE"
        // came back as "Be").
        let region = options.regionOfInterest.flatMap {
            bitmap.pixelBounds(of: $0.scaled(width: Double(bitmap.width), height: Double(bitmap.height)))
        }
        origin = Point(x: region?.minX ?? 0, y: region?.minY ?? 0)
        setImage(region.flatMap { bitmap.cropped(to: $0) } ?? bitmap)
        guard TessBaseAPIRecognize(handle, nil) == 0 else {
            throw OCRError(.engineFailure, path: bitmap.image, reason: "Tesseract failed to recognise the image")
        }
        // Tesseract has now made the static objects its clean-up at exit destroys.
        ExitSafeRelease.prepare("tesseract")
        var page = Page(image: bitmap.image, width: bitmap.width, height: bitmap.height, engine: engine,
                        layout: readLayout(of: bitmap, alternativeCount: options.alternativeCount))
        page.languages = languages
        return page
    }

    /// Which way up the text of `bitmap` is and which script it is in, by Tesseract's orientation
    /// and script detection; `nil` when it finds too little text to tell (fewer than
    /// `minimumCharacters` characters).
    /// The same image's detection is made once (``OrientationAndScriptMemo``).
    func orientationAndScript(of bitmap: Bitmap, minimumCharacters: Int = 50,
                              memo: OrientationAndScriptMemo = .shared) throws -> (TextOrientation, ScriptDetection?)? {
        try memo.detection(of: .init(bitmap, dataPath: dataPath, minimumCharacters: minimumCharacters)) {
            try detectOrientationAndScript(of: bitmap, minimumCharacters: minimumCharacters)
        }
    }

    private func detectOrientationAndScript(of bitmap: Bitmap, minimumCharacters: Int) throws -> (TextOrientation, ScriptDetection?)? {
        try load(languages: "osd", path: bitmap.image)
        defer { TessBaseAPIClear(handle) }
        set("min_characters_to_try", String(minimumCharacters))
        setImage(bitmap)
        var degrees: Int32 = 0, confidence: Float = 0, scriptConfidence: Float = 0
        // Despite capi.h, Tesseract 5.3 hands out a pointer into its own tables, which must not
        // be freed.
        var name: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &name, &scriptConfidence) != 0 else {
            return nil
        }
        ExitSafeRelease.prepare("tesseract")
        // Tesseract gives the turn counter-clockwise that sets the text upright, and confidences
        // without bound: about 5 for a few clear lines, below 2 when it is guessing.
        func unit(_ confidence: Float) -> Double { Double(max(0, confidence)) / (Double(max(0, confidence)) + 2) }
        let script = name.flatMap { Script(tesseractName: String(cString: $0)) }
        return (TextOrientation(quarterTurns: -Int(degrees) / 90, confidence: unit(confidence)),
                script.map { ScriptDetection(script: $0, confidence: unit(scriptConfidence)) })
    }

    private func setImage(_ image: Bitmap) {
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(handle, pixels.baseAddress, Int32(image.width), Int32(image.height),
                                Int32(image.layout.channels), Int32(image.bytesPerRow))
        }
        if let resolution = image.resolution {
            TessBaseAPISetSourceResolution(handle, Int32(resolution.rounded()))
        }
    }

    private func load(languages: String, path: String) throws {
        guard languages != loadedLanguages else { return }
        loadedLanguages = nil
        guard TessBaseAPIInit3(handle, dataPath, languages) == 0 else {
            throw OCRError(.invalidOption, path: path,
                           reason: "Tesseract could not load the languages \(languages) from \(dataPath)")
        }
        // Tesseract's diagnostics ("Estimating resolution as 300") would interleave with the
        // command line's output; the results carry what matters.
        set("debug_file", "/dev/null")
        // A line's text then has as many spaces between two words as the gap between them holds,
        // and none between the characters of Chinese, Japanese or Thai: the line's words are
        // joined by it (`LayoutBuilder`), not by a space each.
        set("preserve_interword_spaces", "1")
        loadedLanguages = languages
    }

    private func set(_ name: String, _ value: String) {
        _ = TessBaseAPISetVariable(handle, name, value)
    }

    // MARK: Reading results

    /// Walks the results symbol by symbol, opening a block, paragraph, line or word wherever
    /// Tesseract says one begins.
    private func readLayout(of bitmap: Bitmap, alternativeCount: Int) -> [[[Line]]] {
        guard let results = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(results) }
        let iterator = TessResultIteratorGetPageIterator(results)
        var builder = LayoutBuilder(width: Double(bitmap.width), height: Double(bitmap.height),
                                    alternativeCount: alternativeCount)

        repeat {
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_BLOCK) != 0 { builder.beginBlock() }
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_PARA) != 0 { builder.beginParagraph() }
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_TEXTLINE) != 0 {
                builder.beginLine(confidence: confidence(results, RIL_TEXTLINE), rect: rect(iterator, RIL_TEXTLINE),
                                  text: text(results, RIL_TEXTLINE) ?? "")
            }
            if TessPageIteratorIsAtBeginningOf(iterator, RIL_WORD) != 0 {
                builder.beginWord(text: text(results, RIL_WORD) ?? "", confidence: confidence(results, RIL_WORD),
                                  rect: rect(iterator, RIL_WORD))
            }
            if let symbol = text(results, RIL_SYMBOL) {
                let alternatives = alternativeCount > 0 ? choices(results, limit: alternativeCount) : []
                builder.addSymbol(text: symbol, confidence: confidence(results, RIL_SYMBOL),
                                  rect: rect(iterator, RIL_SYMBOL), alternatives: alternatives)
            }
        } while TessResultIteratorNext(results, RIL_SYMBOL) != 0
        return builder.finish()
    }

    private func text(_ results: OpaquePointer, _ level: TessPageIteratorLevel) -> String? {
        guard let pointer = TessResultIteratorGetUTF8Text(results, level) else { return nil }
        defer { TessDeleteText(pointer) }
        return String(cString: pointer).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func confidence(_ results: OpaquePointer, _ level: TessPageIteratorLevel) -> Double {
        Self.unitInterval(TessResultIteratorConfidence(results, level))
    }

    private func rect(_ iterator: OpaquePointer?, _ level: TessPageIteratorLevel) -> Rect {
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        _ = TessPageIteratorBoundingBox(iterator, level, &left, &top, &right, &bottom)
        return Rect(x: origin.x + Double(left), y: origin.y + Double(top), width: Double(right - left),
                    height: Double(bottom - top))
    }

    /// The recogniser's top candidates for the current symbol, best first.
    private func choices(_ results: OpaquePointer, limit: Int) -> [Alternative] {
        guard let choices = TessResultIteratorGetChoiceIterator(results) else { return [] }
        defer { TessChoiceIteratorDelete(choices) }
        var alternatives: [Alternative] = []
        repeat {
            guard let text = TessChoiceIteratorGetUTF8Text(choices) else { continue }
            alternatives.append(Alternative(text: String(cString: text),
                                            confidence: Self.unitInterval(TessChoiceIteratorConfidence(choices))))
        } while alternatives.count < limit && TessChoiceIteratorNext(choices) != 0
        return alternatives.sorted { $0.confidence > $1.confidence }
    }

    /// Tesseract's 0...100 confidences as 0...1.
    private static func unitInterval(_ percent: Float) -> Double {
        min(1, max(0, Double(percent) / 100))
    }
}
