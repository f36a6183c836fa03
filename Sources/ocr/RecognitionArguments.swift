import ArgumentParser
import Foundation
import OCRKit
import OCRKitDewarp
import OCRKitImages
import OCRKitLayout
import OCRKitONNX
import OCRKitTesseract

/// The options that choose an engine and tell it what to read, shared by every command that reads.
struct RecognitionArguments: ParsableArguments {
    enum Engine: String, ExpressibleByArgument, CaseIterable {
        case auto, tesseract, ppocr, ndlocr
    }

    enum Order: String, ExpressibleByArgument, CaseIterable {
        case engine, layout
    }

    @Option(help: """
        The engine that reads the text: auto (tesseract, then ppocr for pages tesseract is unsure of: photos); \
        tesseract (scans and documents); ppocr (PP-OCRv4 on ONNX Runtime: photos, receipts, scenes); or \
        ndlocr (NDLOCR-Lite on ONNX Runtime: Japanese documents, vertical text; needs --models).
        """)
    var engine: Engine = .auto

    @Option(help: ArgumentHelp("""
        The folder of the ONNX engine's models: for ppocr, default .deps/models/ppocr, which scripts/setup fills; \
        for ndlocr, your copy of NDLOCR-Lite's src/model (NDLmoji.yaml and ndl.yaml beside it or in ../config).
        """, valueName: "folder"))
    var models: String?

    @Flag(help: """
        Photos of pages: find the page, flatten its perspective, level its lines and turn it upright before reading. \
        Boxes then refer to the straightened page, and JSON records the corners found. A photo without a page in it \
        is read whole, levelled and turned upright.
        """)
    var dewarp = false

    @Flag(help: "ppocr: check each line for being upside down (PP-OCR's orientation classifier) and turn it before reading; off by default, for upright documents.")
    var classifyOrientation = false

    @Option(help: ArgumentHelp(
        "Reading order: the engine's own, or OCRKit's layout analysis (columns by XY-cut, paragraphs from gaps, indents and bullets).",
        valueName: "engine|layout"))
    var order: Order = .engine

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Languages to read, joined by '+', most likely first.", valueName: "eng+deu"))
    var languages = "eng"

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

    @Option(help: ArgumentHelp(
        "Flag words and characters less confident than this for review, with their alternatives.",
        valueName: "confidence"))
    var reviewThreshold = Page.defaultReviewThreshold

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
            languages: languages.split(separator: "+").map(String.init),
            regionOfInterest: roi?.rect,
            minimumTextHeight: minTextHeight,
            allowedCharacters: allow,
            alternativeCount: alternatives ?? defaultAlternatives,
            maximumImageSide: maxSide,
            reviewThreshold: reviewThreshold,
            correctsPage: dewarp
        )
    }

    /// The reader these arguments describe, reading up to `jobs` images at once. It lives until
    /// the process exits (see ``KeptUntilExit``).
    func makeReader(jobs: Int) throws -> PageReader {
        let loader = ImageLoader(
            options: ImageLoadingOptions(maximumPixelCount: maxPixels), concurrency: jobs)
        let reader = PageReader(decoder: loader, engine: try makeEngine(jobs: jobs), arranger: order == .layout ? ReadingOrder() : nil,
                                corrector: Self.makeCorrector(jobs: jobs, warnsWithoutOrientation: dewarp))
        KeptUntilExit.keep(reader)
        return reader
    }

    /// The dewarper every reader has: queued work may ask for it whatever this run's options, and
    /// pages straightened earlier need it again for their PDF.
    static func makeCorrector(jobs: Int, warnsWithoutOrientation: Bool = false) -> Dewarper {
        let configuration = Dewarper.Configuration(workerCount: jobs)
        do {
            return Dewarper(configuration: configuration, orientationDetector: try TesseractOrientationDetector(
                configuration: TesseractConfiguration(workerCount: jobs)))
        } catch {
            if warnsWithoutOrientation { warn("pages will not be turned upright: \(error)") }
            return Dewarper(configuration: configuration)
        }
    }

    private func makeEngine(jobs: Int) throws -> any OCREngine {
        func tesseract() throws -> TesseractEngine {
            try TesseractEngine(configuration: TesseractConfiguration(
                pageSegmentationMode: PageSegmentationMode(rawValue: psm) ?? .auto, workerCount: jobs))
        }
        func ppocr() throws -> PPOCREngine {
            var configuration = PPOCREngine.Configuration(workerCount: jobs)
            if let models { configuration.models = models }
            configuration.classifiesOrientation = classifyOrientation
            return try PPOCREngine(configuration: configuration)
        }
        switch engine {
        case .tesseract:
            return try tesseract()
        case .ppocr:
            return try ppocr()
        case .ndlocr:
            var configuration = NDLOCREngine.Configuration(workerCount: jobs)
            if let models { configuration.models = models }
            return try NDLOCREngine(configuration: configuration)
        case .auto:
            let primary = try tesseract()
            do {
                let fallback = try ppocr()
                _ = try ONNXRuntime.shared()
                return FallbackEngine(primary: primary, fallback: fallback)
            } catch {
                warn("photos will be read by Tesseract alone: \(error)")
                return primary
            }
        }
    }
}

/// OCRKit's layout analysis, with PP-OCR's pages' words regrouped into lines first: its detector
/// can find a line in pieces.
private struct ReadingOrder: PageArranger {
    let analyzer = LayoutAnalyzer()
    let regrouping: LayoutAnalyzer = {
        var options = LayoutOptions()
        options.regroupsWords = true
        return LayoutAnalyzer(options: options)
    }()

    func arrange(_ page: Page) -> Page {
        page.engine.name == "ppocr" ? regrouping.arrange(page) : analyzer.arrange(page)
    }
}

/// `x,y,w,h` as fractions of the image.
struct RegionArgument: ExpressibleByArgument {
    var rect: Rect

    init?(argument: String) {
        let parts = argument.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4 else { return nil }
        rect = Rect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
    }
}
