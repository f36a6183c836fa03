import ArgumentParser
import Foundation
import OCRKit
import OCRKitEngines
import OCRKitImages
import OCRKitONNX
import OCRKitPDF
import OCRKitTesseract

extension EngineChoice: ExpressibleByArgument {}
extension ReadingOrder: ExpressibleByArgument {}

/// The options that choose an engine and tell it what to read, shared by every command that reads.
struct RecognitionArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The engine that reads the text: "
        + EngineChoice.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ") + "."))
    var engine: EngineChoice = .auto

    @Option(help: ArgumentHelp("""
        The ONNX engine's models: for ppocr, a set `ocr models install` fetches (\(PPOCRModelSet.installedNames.joined(separator: ", ")); \
        default \(PPOCRModelSet.installedNames[0])) or the folder of another; \
        for ndlocr, your copy of NDLOCR-Lite's src/model (NDLmoji.yaml and ndl.yaml beside it or in ../config).
        """, valueName: "set|folder"))
    var models: String?

    @Flag(help: """
        Photos of pages: find the page, flatten its perspective, level its lines and turn it upright before reading. \
        Boxes then refer to the straightened page, and JSON records the corners found. A photo without a page in it \
        is read whole, levelled and turned upright.
        """)
    var straighten = false

    @Flag(help: "ppocr: check each line for being upside down (PP-OCR's orientation classifier) and turn it before reading; off by default, for upright documents.")
    var classifyOrientation = false

    @Option(help: ArgumentHelp(
        "Reading order: the engine's own, or OCRKit's layout analysis (columns by XY-cut, paragraphs from gaps, indents and bullets).",
        valueName: "engine|layout"))
    var order: ReadingOrder = .engine

    @Flag(help: "Read each page's structure: its regions (titles, text, tables, figures, headers, footers) and its tables cell by cell (JSON's `regions` and `tables`; `ocr models install tables layout` first). Markdown and HTML read it without being asked.")
    var structure = false

    @Flag(help: "Each image is a table cut from its page: read it as one table, cell by cell (JSON's `tables`; `ocr models install tables` first).")
    var wholeTable = false

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Languages to read, Tesseract's codes joined by '+', most likely first (`ocr doctor` lists those installed). Without it, each page is read in a language of its script, and each line of another script in one of that.",
        valueName: "eng+deu"))
    var languages: String?

    @Option(help: ArgumentHelp(
        "Tesseract's page segmentation mode: 3 finds columns and blocks, 6 reads one block, 7 one line, 11 sparse text.",
        valueName: "n"))
    var psm: Int32 = PageSegmentationMode.auto.rawValue

    @Option(help: ArgumentHelp(
        "Only read inside this rectangle, as fractions of the image with the origin at the top left.",
        valueName: "x,y,w,h"))
    var roi: RegionArgument?

    @Option(help: ArgumentHelp(
        "Drop lines shorter than this fraction of the image height.", valueName: "fraction"))
    var minTextHeight: Double?

    @Option(help: ArgumentHelp("Only recognise these characters.", valueName: "characters"))
    var allow: String?

    @Option(help: ArgumentHelp(
        "Candidate readings to report for each word and symbol (default: 3 in JSON, none in text, which does not show them).",
        valueName: "n"))
    var alternatives: Int?

    // --review-threshold: its name before OCRKit settled on "flag", still taken.
    @Option(name: [.customLong("flag-threshold"), .customLong("review-threshold")], help: ArgumentHelp(
        "Flag words and characters less confident than this, with their alternatives, for a person to check.",
        valueName: "confidence"))
    var flagThreshold = Page.defaultFlagThreshold

    @Option(help: ArgumentHelp(
        "Downscale images whose longer side is larger than this many pixels.", valueName: "pixels"))
    var maxSide: Int?

    @Option(help: ArgumentHelp(
        "Refuse images with more pixels than this, before decoding them.", valueName: "pixels"))
    var maxPixels = ImageLoadingOptions().maximumPixelCount

    func validate() throws {
        guard PageSegmentationMode(rawValue: psm) != nil else {
            let modes = PageSegmentationMode.allCases.map { String($0.rawValue) }.joined(separator: ", ")
            throw ValidationError("--psm must be one of \(modes)")
        }
        do {
            try recognitionOptions(defaultAlternatives: 0).validate()
        } catch let error as OCRError {
            throw ValidationError(error.reason)
        }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be positive") }
    }

    /// The options to read with; `defaultAlternatives` applies when `--alternatives` is not given.
    func recognitionOptions(defaultAlternatives: Int) -> RecognitionOptions {
        RecognitionOptions(
            // An empty one ("", "eng+") is refused by validation, not taken for none.
            languages: languages.map { $0.split(separator: "+", omittingEmptySubsequences: false).map(String.init) } ?? [],
            regionOfInterest: roi?.rect,
            minimumTextHeight: minTextHeight,
            allowedCharacters: allow,
            alternativeCount: alternatives ?? defaultAlternatives,
            maximumImageSide: maxSide,
            flagThreshold: flagThreshold,
            straightensPage: straighten
        )
    }

    /// The reader these arguments describe, reading up to `jobs` images at once, able to
    /// straighten photos when `straightensPhotos`, reading PDFs as `documents` say.
    func makeReader(jobs: Int, straightensPhotos: Bool, documents: DocumentLoadingOptions = DocumentLoadingOptions()) throws -> PageReader {
        try makeReader(settings: engineSettings(jobs: jobs), straightensPhotos: straightensPhotos, documents: documents)
    }

    /// How these arguments set engines up, reading up to `jobs` images at once.
    func engineSettings(jobs: Int) -> EngineSettings {
        var settings = EngineSettings(engine, jobs: jobs, logger: diagnostics)
        settings.models = models
        settings.pageSegmentationMode = PageSegmentationMode(rawValue: psm) ?? .auto
        settings.classifiesOrientation = classifyOrientation
        return settings
    }

    /// The structure `--whole-table` and `--structure` ask for, the first before the second.
    var structureReading: StructureReading? {
        wholeTable ? .wholeTable : structure ? .page : nil
    }

    /// The reader of an engine set up by `settings`, in these arguments' order and pixel limit.
    func makeReader(settings: EngineSettings, straightensPhotos: Bool,
                    documents: DocumentLoadingOptions = DocumentLoadingOptions()) throws -> PageReader {
        try PageReader(settings: settings, order: order, loading: ImageLoadingOptions(maximumPixelCount: maxPixels),
                       documents: documents, straightensPhotos: straightensPhotos, structure: structureReading)
    }
}

/// `x,y,w,h` as fractions of the image.
struct RegionArgument: ExpressibleByArgument {
    var rect: Rect

    init?(argument: String) {
        guard let rect = Rect(listing: argument) else { return nil }
        self.rect = rect
    }
}
