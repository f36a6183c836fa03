import ArgumentParser
import Foundation
import OCRKitBench
import OCRKitEngines
import OCRKitEvaluation
import OCRKitLive
import OCRKitONNX
import OCRKitQueueStores
import OCRKitServer

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure speed, accuracy and memory.",
        subcommands: [BenchRead.self, BenchPDF.self, BenchConvert.self, BenchLanguages.self, BenchLayout.self, BenchTables.self, BenchQueue.self, BenchLive.self, BenchStraighten.self, BenchServe.self],
        defaultSubcommand: BenchRead.self
    )
}

struct BenchRead: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Measure speed, accuracy and memory on a data set, beside a peer that reads the same images.",
        discussion: """
            Reads every image of MANIFEST (a manifest.tsv of image<TAB>truth lines, as in \
            ../shared/datasets) with `ocr read` and with peers, in one run:

            - --engine tesseract and auto: the tesseract command one image at a time with its \
            default settings (naive), and at its best (OMP_THREAD_LIMIT=1, one process per job).
            - --engine ppocr and auto: RapidOCR 3.10 (PyPI rapidocr 3.10.0, with PP-OCRv6 small, \
            ocr's default models, at its defaults: one image after another, on every core), with \
            its orientation classifier when ocr uses one; scripts/setup-rapidocr installs it.
            - --engine ndlocr: no peer.

            --every-engine measures auto, tesseract and ppocr with each model set `ocr models install` \
            fetches, one after another, beside the peers once.

            It prints images per second, the character error rate (CER, of the whole text in \
            order), bag-of-words F1, plate accuracy for sets of number plates (a folder named \
            *plates*), the peak memory of one process, and our speed as a ratio of each peer's. \
            For the ONNX engines it also prints the time ocr took per image (elapsed time times \
            jobs) over the time the models' own inference took. CER ignores case when the truth \
            has no lower-case letters (SROIE's receipts).
            """
    )

    @Argument(help: "The data set's manifest.tsv.")
    var manifest: String

    @Option(help: "Only the first n images.")
    var limit: Int?

    @OptionGroup var concurrency: BenchJobsArguments

    @Option(help: "Candidate readings ocr computes for each word (the peers compute none).")
    var alternatives = 0

    @Option(help: "The reading order ocr reads in: engine or layout.")
    var order: ReadingOrder = .engine

    @OptionGroup var reading: BenchEngineArguments

    @Flag(help: "Measure every engine and installed PP-OCR model set (--engine and --models are ignored).")
    var everyEngine = false

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "The languages ocr reads in, as for `ocr read --lang`; none, the default, finds each page's script.", valueName: "languages"))
    var languages: String?

    @Flag(help: "ppocr: use the orientation classifier, in ocr and in RapidOCR.")
    var classifyOrientation = false

    @Flag(help: "Skip the naive tesseract run, the slowest part.")
    var skipNaive = false

    func run() async throws {
        var benchmark = ReadBenchmark(manifest: manifest, ocr: Bundle.main.executablePath ?? CommandLine.arguments[0])
        benchmark.limit = limit
        benchmark.jobs = concurrency.jobs
        benchmark.alternatives = alternatives
        benchmark.order = order
        let languages = languages.map { $0.split(separator: "+").map(String.init) } ?? []
        benchmark.contenders = everyEngine
            ? [.init(.auto, languages: languages), .init(.tesseract, languages: languages)]
                + PPOCRModelSet.installedNames.map { .init(.ppocr, models: $0, languages: languages) }
            : [.init(reading.engine, models: reading.models, languages: languages)]
        benchmark.classifiesOrientation = classifyOrientation
        benchmark.skipsNaiveTesseract = skipNaive
        try await benchmark.run { print($0) }
    }
}

struct BenchLayout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Measure reading order on rendered multi-column pages of known text.",
        discussion: """
            Renders --pages pages of a title, two or three columns of two paragraphs each, and a \
            footer, reads them with Tesseract finding the layout itself (--psm 3) and reading \
            sparse text in no particular order (--psm 11), and prints the character error rate \
            of each page's text in reading order, in the engine's own order and after OCRKit's \
            layout analysis. The pages are the same on every run.
            """
    )

    @Option(help: "How many pages to render.")
    var pages = 12

    @Option(help: ArgumentHelp("Also write each page (pageN.png) and its text (pageN.txt) to this folder.",
                               valueName: "folder"))
    var savePages: String?

    func run() async throws {
        try await LayoutBenchmark(pageCount: pages, pageFolder: savePages).run { print($0) }
    }
}

struct BenchTables: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tables",
        abstract: "Measure tables read cell by cell, beside RapidTable, by TEDS.",
        discussion: """
            Reads every table image of MANIFEST (a manifest.jsonl of {"image", "html"} lines, as \
            ../shared/datasets/pubtabnet holds) with `ocr read --engine ppocr --whole-table`, and \
            pages of statements, invoices, timetables and price lists it renders (ruled, unruled, \
            striped; --pages of each) with `ocr read --engine ppocr --structure`, which finds the \
            table itself. Beside it, RapidTable 3.0.2 (PyPI rapid-table, PPSTRUCTURE_EN, RapidOCR \
            3.10 for the text; scripts/setup-rapidtable installs it) reads the same images with the \
            same SLANet model, each reader in one process. It prints TEDS and TEDS-struct (tree \
            edit distance similarity, Zhong et al. 2019), for pages the tables found and the pages \
            whose title or paragraphs went into a table, processor time an image, elapsed time \
            and peak memory, and our figures beside the peer's.
            """
    )

    @Argument(help: "A data set's manifest.jsonl of tables cut from their pages.")
    var manifest: String?

    @Option(help: "Pages of each kind and style to render and read.")
    var pages = 1

    @Option(help: "The first seed of the rendered pages' content: another seed renders other pages.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Also write each rendered page (KIND-STYLE-N.png) and its table's truth (.html) to this folder.",
                               valueName: "folder"))
    var savePages: String?

    @Option(help: "Only the first n tables.")
    var limit: Int?

    @OptionGroup var concurrency: BenchJobsArguments

    @Flag(help: "Skip RapidTable.")
    var skipPeer = false

    @Flag(help: "Print each table's TEDS, ours.")
    var eachTable = false

    func run() async throws {
        var benchmark = TableBenchmark(manifest: manifest, ocr: Bundle.main.executablePath ?? CommandLine.arguments[0])
        benchmark.limit = limit
        benchmark.pagesPerKind = pages
        benchmark.pageFolder = savePages
        benchmark.pageSeed = seed
        benchmark.jobs = concurrency.jobs
        benchmark.measuresPeer = !skipPeer
        benchmark.showsEachTable = eachTable
        try await benchmark.run { print($0) }
    }
}

struct BenchLanguages: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "Measure reading in many languages and scripts beside the tesseract command.",
        discussion: """
            Takes texts in each language from the translations Debian installs (--source interface: \
            GLib's and GTK's messages, which OCRKit is tuned on; names: iso-codes' names of \
            countries, languages and currencies, held out) and renders, at 300 dpi, every second \
            image worn: --pages pages of --lines lines, and --count single lines and fields of two \
            to five words, each alone in its image. Reads them with `ocr read` without --lang and \
            with the right one, and with `tesseract IMG stdout -l LANG` (--psm 7 on lines and \
            fields), in the same run. Prints each language's character error rate (and the rate \
            without spaces), the seconds an image, the languages `ocr read` took the images for \
            without --lang, and its empty readings without a warning. A language whose Tesseract \
            data is not installed is named with its package.
            """
    )

    @Option(help: ArgumentHelp("Tesseract codes, joined by '+'.", valueName: "rus+jpn"))
    var lang: String?

    @Option(help: ArgumentHelp("What the images hold, joined by '+': pages, lines, fields.", valueName: "lines+fields"))
    var pieces = "pages+lines+fields"

    @Option(help: "Where the texts come from: interface (tuned on) or names (held out).")
    var source: TranslatedLines.Source = .interface

    @Option(help: "Lines a page: 20 is a page of a document, on which the tools' start-up counts for little.")
    var lines = 20

    @Option(help: "Pages a language.")
    var pages = 4

    @Option(help: "Single lines, and fields, a language.")
    var count = 12

    @OptionGroup var concurrency: BenchJobsArguments

    @Option(help: ArgumentHelp("Keep the images, their truth and the readings in this folder.", valueName: "folder"))
    var keep: String?

    func run() async throws {
        var benchmark = LanguageBenchmark(ocr: Bundle.main.executablePath ?? CommandLine.arguments[0])
        if let lang { benchmark.languages = lang.split(separator: "+").map(String.init) }
        benchmark.pieces = try pieces.split(separator: "+").map { name in
            guard let piece = LanguageBenchmark.Piece(rawValue: String(name)) else {
                throw ValidationError("--pieces: \(name) is not one of pages, lines, fields")
            }
            return piece
        }
        benchmark.source = source
        benchmark.linesPerPage = lines
        benchmark.pagesPerLanguage = pages
        benchmark.piecesPerLanguage = count
        benchmark.jobs = concurrency.jobs
        benchmark.folder = keep
        try await benchmark.run { print($0) }
    }
}

extension TranslatedLines.Source: ExpressibleByArgument {}
extension DataSetPart: ExpressibleByArgument {}

struct BenchLive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Measure the live scanner on simulated camera footage of number plates.",
        discussion: """
            For each photo of BOXES (a boxes.tsv of image, region, x, y, w, h, plate lines, as in \
            ../shared/datasets/openalpr_plates), films the plate with a simulated hand-held camera: \
            --frames frames at 10 a second, panning onto the plate, shaking, with motion blur, noise, \
            changing light, something passing in front now and then, and a smaller line of other text \
            (a dealer's sign) below the plate. The footage is the same on every run.

            Each sequence goes through its own scanner (--pattern, default plate; the region the \
            camera holds the plate in) and prints: the share of plates accepted, beside the share of frames whose own \
            best read was the plate (what a single-frame reader gets); the mean frames read from the \
            first showing the whole plate to its acceptance; values accepted that were not the plate, \
            per 1,000 frames; the same value reported twice in a sequence; and frames read a second.
            """
    )

    @Argument(help: "The data set's boxes.tsv.")
    var boxes: String

    @Option(help: ArgumentHelp("""
        Only the photos of one part of the set, split by their file's name: tune on one part, \
        report the other beside it.
        """, valueName: "tuning|held-out"))
    var part: DataSetPart?

    @Option(help: "Leave out the first n photos (of the part, if one is given).")
    var skip = 0

    @Option(help: "Only the first n photos after those left out.")
    var limit: Int?

    @Option(help: "Frames in each sequence.")
    var frames = 30

    @Option(help: ArgumentHelp("""
        What the scanner looks for, as for `ocr live`; or region: each plate's region's pattern \
        (us, eu), as a scanner set up for its country.
        """, valueName: "name|regex|region"))
    var pattern = "plate"

    @Option(help: "Sequences scanned at once, each by its own scanner.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Also print each sequence's plate and what the scanner accepted, with the frames' numbers.")
    var details = false

    @Flag(inversion: .prefixedNo, help: "Read a plate with the formats of the family its look shows, as `ocr live` does.")
    var look = true

    @OptionGroup var engine: LiveEngineArguments

    func run() async throws {
        var benchmark = LiveBenchmark(boxes: boxes, engine: try engine.makeEngine(jobs: jobs))
        benchmark.secondOpinion = try engine.makeSecondOpinion(jobs: jobs)
        benchmark.part = part
        benchmark.skip = skip
        benchmark.limit = limit
        benchmark.frameCount = frames
        if pattern == "region" {
            benchmark.usesRegionPatterns = true
        } else {
            benchmark.pattern = try TextPattern(named: pattern)
        }
        benchmark.jobs = jobs
        benchmark.reportsSequences = details
        benchmark.readsFormatFromLook = look
        try await benchmark.run { print($0) }
    }
}

struct BenchQueue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "Measure the queue itself, on SQLite and, with --db, PostgreSQL.",
        discussion: """
            For each store: the time per item to run --items items through 1, 8 and 32 workers at \
            once with an engine that does nothing (claim, read an empty page, store it with its \
            event), and how much the resident memory grew; how many of --images rendered pages a \
            second one and two `ocr worker` processes read (Tesseract), the measure of how \
            reading scales across processes; and the time to enqueue --paths paths in one batch. \
            Then a table of it all.

            The SQLite database is a temporary file. --db names a PostgreSQL database for the \
            benchmark's own use (createdb ocr_bench): it refuses one that holds a queue, and \
            leaves its paths in it.
            """
    )

    @Option(help: "Paths to enqueue in one batch.")
    var paths = 100_000

    @Option(help: "Items run through the workers, at each number of workers.")
    var items = 10_000

    @Option(help: "Pages read by ocr worker processes; 0 leaves the figure out.")
    var images = 40

    @Option(help: ArgumentHelp("A PostgreSQL database of the benchmark's own, measured beside SQLite.", valueName: "url"))
    var db: String?

    func run() async throws {
        var benchmark = QueueBenchmark(pathCount: paths, itemCount: items)
        benchmark.imageCount = images
        benchmark.ocr = Bundle.main.executablePath ?? CommandLine.arguments[0]
        if let db {
            guard case .postgres(let url) = QueueDatabase(db) else { throw ValidationError("--db takes a postgres:// URL") }
            benchmark.postgresURL = url
        }
        try await benchmark.run { print($0) }
    }
}

struct BenchStraighten: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "straighten",
        abstract: "Measure reading photos of pages: the flat originals, the photos as taken, and the photos straightened.",
        discussion: """
            Photographs every image of MANIFEST (a manifest.tsv of image<TAB>truth lines, such as \
            ../shared/datasets/sroie's scanned receipts) with a simulated phone: the page on a table \
            (wood, cloth, stone, a coloured or a pale desk), tilted up to 20 degrees, seen at an angle, \
            nearer or farther, a third of the photos sideways or upside down, under uneven light with \
            a shadow across a third of them, with sensor noise. The photos are the same on every run \
            of a seed.

            Then reads, with the same engine and jobs: the flat originals; the photos as taken; the \
            photos straightened (ocr read --straighten); and, as the peer, the tesseract command on the \
            photos with --psm 1, its own orientation detection. It prints images per second and \
            bag-of-words F1 for each, how far the straightened photos' F1 is from the originals', \
            how often the page was found (its corners within 1.5% of the photo's diagonal) and set \
            upright, and how long straightening alone takes.
            """
    )

    @Argument(help: "The data set's manifest.tsv.")
    var manifest: String

    @Option(help: "Only the first n images.")
    var limit: Int?

    @Option(help: "The seed the photos are made from.")
    var seed: UInt64 = 1

    @OptionGroup var concurrency: BenchJobsArguments

    @OptionGroup var reading: BenchEngineArguments

    @Option(help: ArgumentHelp("Keep the photos in this folder, to look at.", valueName: "folder"))
    var keepPhotos: String?

    @Flag(help: "Also print each photo's background, turn, corner error and word F1 as taken and straightened.")
    var details = false

    func run() async throws {
        var settings = EngineSettings(reading.engine, logger: diagnostics)
        settings.models = reading.models
        var benchmark = StraighteningBenchmark(manifest: manifest, settings: settings)
        benchmark.limit = limit
        benchmark.seed = seed
        benchmark.jobs = concurrency.jobs
        benchmark.photoFolder = keepPhotos
        benchmark.reportsPhotos = details
        try await benchmark.run { print($0) }
    }
}

struct BenchServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Measure ocr serve under load, beside ocr read on the same images.",
        discussion: """
            Reads the images of MANIFEST (a manifest.tsv, such as ../shared/datasets/sroie's \
            receipts) with `ocr read --jobs N`, then starts `ocr serve --jobs N` with the same engine \
            on a free loopback port and has clients send each image as POST /v1/read, in two rounds:

            - twice as many clients as workers, enough to keep every worker busy and below what \
            the service turns away: reads a second, as a share of ocr read's, latency p50 and p99, \
            and any answer that is not a page;
            - --overload times as many clients as the service holds at once (its workers and \
            their waiting line): the calls turned away with 503 and Retry-After (a client turned \
            away asks again when Retry-After says), whether every call taken was answered, and the \
            service's peak memory.

            Then it stops the service with SIGTERM and prints its exit status. The service reads \
            one image per worker first, unmeasured: a service sets up its engines once for its life.
            """
    )

    @Argument(help: "The data set's manifest.tsv.")
    var manifest: String

    @Option(help: "Only the first n images.")
    var limit = 40

    @OptionGroup var concurrency: BenchJobsArguments

    @Option(help: "Clients in the second round, as a multiple of the calls the service holds at once.")
    var overload = 10

    @OptionGroup var reading: BenchEngineArguments

    func run() async throws {
        let images = try Manifest(contentsOf: manifest).entries.prefix(limit).map(\.imagePath)
        let capacity = ServerLimits().readsHeld(workers: concurrency.jobs)
        var benchmark = ServeBenchmark(images: images, ocr: Bundle.main.executablePath ?? CommandLine.arguments[0],
                                       jobs: concurrency.jobs, capacity: capacity)
        benchmark.recognition = ["--engine", reading.engine.rawValue] + (reading.models.map { ["--models", $0] } ?? [])
        benchmark.overload = overload
        try await benchmark.run { print($0) }
    }
}

struct BenchPDF: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "Measure searchable PDFs made from PDFs, beside OCRmyPDF 17 in the same run.",
        discussion: """
            Builds PDFs with img2pdf as scanners deliver them (receipts one a page, JPEG kept as it \
            is; scanned lines stacked into full pages at 300 dpi), then makes each searchable with \
            `ocr read --format pdf` for each engine and with OCRmyPDF 17.13 (--output-type pdf, the \
            same --jobs), which scripts/setup-ocrmypdf installs into .deps/ocrmypdf.

            For each it prints pages a second, the word F1 of the text layer (read back with \
            pdftotext, as copy and paste gives it) against the truth and against what the reader \
            itself printed (ocr read's text; OCRmyPDF's --sidecar), the share of lines of three \
            words or more that read back whole on one line, the output's size over the input's, \
            the peak memory of its process, and whether every image came out byte for byte as it \
            went in.
            """
    )

    @Option(help: "The receipts' manifest.tsv.")
    var receipts = "../shared/datasets/sroie/manifest.tsv"

    @Option(help: "The scanned lines' manifest.tsv.")
    var lines = "../shared/datasets/uw3_lines/manifest.tsv"

    @Option(help: "Receipts to read, one a page.")
    var receiptPages = 10

    @Option(help: "Pages of scanned lines to read, 7 lines a page.")
    var linePages = 5

    @Option(help: "Leave out the first n receipts: measure on what tuning never saw.")
    var skip = 0

    @OptionGroup var concurrency: BenchJobsArguments

    @Option(help: ArgumentHelp("The engines ocr reads with, joined by commas.", valueName: "engines"))
    var engines = "auto,tesseract"

    @Option(help: ArgumentHelp("The folder holding OCRmyPDF's ocrmypdf and img2pdf.", valueName: "folder"))
    var tools = ".deps/ocrmypdf/bin"

    @Flag(help: "Then the peak memory of one long document, the scanned pages repeated to 20 and to 200 pages, with --engine tesseract.")
    var longDocument = false

    func run() async throws {
        var benchmark = PDFBenchmark(ocr: Bundle.main.executablePath ?? CommandLine.arguments[0], tools: PDFBenchmark.Tools(folder: tools))
        benchmark.engines = try engines.split(separator: ",").map {
            guard let engine = EngineChoice(rawValue: String($0)) else { throw ValidationError("unknown engine \($0)") }
            return engine
        }
        benchmark.jobs = concurrency.jobs
        try await benchmark.run(PDFBenchmark.DataSet.receipts(manifest: receipts, skip: skip, limit: receiptPages)) { print($0) }
        print("")
        let pages = try PDFBenchmark.DataSet.scannedLines(manifest: lines, limit: linePages)
        try await benchmark.run(pages) { print($0) }
        if longDocument {
            print("")
            try await benchmark.runLongDocument(pages, pageCounts: [20, 200]) { print($0) }
        }
    }
}
