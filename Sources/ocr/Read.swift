import ArgumentParser
import Foundation
import OCRKit
import OCRKitDocuments
import OCRKitExport
import OCRKitONNX
import OCRKitPDF

struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the text of images and PDFs.",
        discussion: """
            Reads PDFs, image files (JPEG, PNG, TIFF, WebP, GIF, HEIC) and folders of them, several \
            pages at once, and prints the results in the order the files and pages were given. Every \
            page of a PDF or multi-page TIFF is read, in order (--pages chooses); PDF pages that \
            already hold text are kept as they are and said so (--redo, --force). A file that cannot \
            be read gets one line on standard error and the others are still read; the exit status \
            is 1 if any failed. A page that holds text none of whose readings was sure enough to \
            keep says so on standard error (and in its JSON's "warnings"), and the exit status is 1 \
            if every page came back empty.

            --format text prints the text, paragraphs separated by a blank line, under a \
            "==> file <==" header when there are several pages. --format json prints the page \
            (docs/json-schema.md), or an array of pages for several; --format jsonl prints one \
            page a line. --format hocr and alto print one hOCR or ALTO 4 document holding every \
            page. --format pdf prints a searchable PDF: a PDF's own pages kept as they were with an \
            invisible text layer added, images as pages of their own, their bytes kept.
            """
    )

    @Argument(help: ArgumentHelp("PDFs and image files, or folders to search for them.", valueName: "file-or-folder"))
    var paths: [String]

    @Option(help: "How to print the results: text, json, jsonl, hocr, alto, markdown, html or pdf (one searchable PDF).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp(
        "Write each file's result to a file of its own in this folder (scan.pdf gives scan.txt, .json, .jsonl, .hocr, .xml or a searchable scan.pdf) instead of standard output.",
        valueName: "folder"))
    var outputDir: String?

    @Flag(help: "With --format markdown or html, keep running headers, footers and page numbers, which are left out by default.")
    var keepMargins = false

    @Option(help: ArgumentHelp(
        "Also write each table read as a CSV file in this folder, named by document, page and table (statement-p2-t1.csv).",
        valueName: "folder"))
    var tablesDir: String?

    @Option(help: ArgumentHelp(
        "Also write each figure read as a PNG file in this folder, named by document, page and figure (report-p3-f1.png), which --format markdown and html link.",
        valueName: "folder"))
    var figuresDir: String?

    @Flag(help: "With --format pdf and --output-dir, also write each document's text beside it (scan.txt beside scan.pdf), a form feed between pages.")
    var sidecar = false

    @Flag(help: "With --format pdf, write PDF/A-2b, for archives: every font embedded, XMP metadata, an sRGB output intent, no encryption.")
    var pdfa = false

    // --review: its name before OCRKit settled on "flag", still taken.
    @Flag(name: [.customLong("mark-flagged"), .customLong("review")],
          help: "Mark flagged words in text output as [[reading|alternative|alternative]].")
    var marksFlagged = false

    @Option(help: "How many pages to read at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp(
        "Give up on a page that takes longer than this to read, and go on with the others: a damaged document's page can take for ever.",
        valueName: "seconds"))
    var pageTimeLimit: Double = 600

    @Flag(help: "Print to standard error how long reading took and, for the ONNX engines, how much of it the models' own inference was.")
    var timings = false

    @OptionGroup(title: "Documents")
    var documents: DocumentArguments

    @OptionGroup(title: "Recognition")
    var recognition: RecognitionArguments

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if !(pageTimeLimit > 0) { throw ValidationError("--page-time-limit must be positive") }
        if pdfa && format != .pdf { throw ValidationError("--pdfa is for --format pdf") }
        if sidecar && (format != .pdf || outputDir == nil) {
            throw ValidationError("--sidecar writes text beside searchable PDFs: use it with --format pdf and --output-dir")
        }
    }

    func run() async throws {
        var recognition = recognition
        // Markdown, HTML and the tables' and figures' files show the structure: asking for them reads it.
        recognition.structure = recognition.structure || format.showsStructure || tablesDir != nil || figuresDir != nil
        let reader = try recognition.makeReader(jobs: jobs, straightensPhotos: recognition.straighten,
                                                documents: documents.loadingOptions)
        // Alternatives cost about a tenth of the time, and text and PDF do not show them.
        let showsAlternatives = marksFlagged || format.showsAlternatives
        var documentReader = DocumentReader(reader, options: recognition.recognitionOptions(defaultAlternatives: showsAlternatives ? 3 : 0),
                                            jobs: jobs)
        try reader.engine.validate(documentReader.options)
        documentReader.selection = documents.pages
        documentReader.pagesWithText = documents.pagesWithText
        documentReader.pageTimeLimit = .seconds(pageTimeLimit)
        let batch = await documentReader.plan(paths)
        if batch.plans.isEmpty && batch.failures.isEmpty {
            throw ValidationError("no PDFs or image files found in \(paths.joined(separator: ", "))")
        }
        for failure in batch.failures { warn("\(failure)") }
        for plan in batch.plans {
            if !plan.skipped.isEmpty { warn(Self.describeSkipped(plan, givesTheirText: format != .pdf)) }
            for page in plan.lowered {
                warn("\(plan.document.name), page \(page.number): read at \(Int(page.loweredResolution ?? 0)) dpi, to keep within "
                     + "\(recognition.maxPixels) pixels (--max-pixels)")
            }
        }

        var output = try makeOutput(reader: reader, isSinglePage: batch.isSinglePage)
        var progress = ProgressBar(total: batch.pageCount)
        var failures = batch.failures.count, done = 0, failedPages = 0, givenUp = false
        // Pages warned of text they hold and did not read, and every other page (read, blank or
        // kept as it was): the run read nothing when there are only the first.
        var unreadPages = 0, answeredPages = 0
        // A script no installed language reads is said once, for the first page it is on.
        var warnedScripts: Set<Script> = []
        let start = ContinuousClock.now
        try await documentReader.read(batch) { event in
            done += 1
            if case .failed = event { failedPages += 1 }
            progress.update(done: done, failed: failedPages)
        } _: { event in
            switch event {
            case .read(let page):
                for missing in page.missingLanguages where warnedScripts.insert(missing.script).inserted {
                    progress.report("ocr: \(Self.describe(missing, on: page))")
                }
                for warning in page.warnings {
                    progress.report("ocr: \(page.image)\(page.pageNumber.map { ", page \($0)" } ?? ""): \(warning.reason)")
                }
                if page.warnings.contains(where: { $0.code == .unreadText }) { unreadPages += 1 } else { answeredPages += 1 }
                await writeFiles(of: page, reader: reader, progress: &progress)
            case .failed(let failure):
                givenUp = givenUp || failure.isGivenUp
                progress.report("ocr: \(Self.describe(failure.error, path: failure.path, page: failure.pageNumber))"
                                + (failure.isGivenUp ? " (--page-time-limit)" : ""))
            case .kept(let page):
                answeredPages += 1
                // A page of a PDF's own text has its structure read too: its tables and figures.
                await writeFiles(of: page, reader: reader, progress: &progress)
            case .ended(let plan):
                if plan.read.isEmpty, format == .pdf, pdfa, outputDir != nil {
                    warn("\(plan.document.name): no page read, so copied as it is, not made PDF/A (--force reads its pages)")
                }
            }
            do {
                try await output.write(event)
            } catch {
                // The document cannot be written (PDF/A refused, say): said, and the next goes on.
                guard case .ended(let plan) = event else { throw error }
                progress.report("ocr: \(Self.describe(error, path: plan.document.name))")
                failures += 1
            }
        }
        progress.finish()
        do {
            try await output.finish()
        } catch {
            warn(Self.describe(error, path: outputDir ?? "the output"))
            throw ExitCode.failure
        }
        if timings { Self.reportTimings(pages: batch.pageCount, elapsed: ContinuousClock.now - start, jobs: jobs) }
        // A page given up on is still being read inside a C library: exiting the usual way would
        // tear that library down under it (a crash, seen here). Everything is written by now.
        if givenUp { _exit(1) }
        if failures + failedPages > 0 { throw ExitCode.failure }
        if answeredPages == 0, unreadPages > 0 {
            warn("no text was read: every page came back empty, and \(unreadPages == 1 ? "one holds" : "\(unreadPages) hold") text that could not be read")
            throw ExitCode.failure
        }
    }

    /// Writes `page`'s tables and figures into --tables-dir and --figures-dir, if asked; what
    /// cannot be written is said, and reading goes on.
    private func writeFiles(of page: Page, reader: PageReader, progress: inout ProgressBar) async {
        if let tablesDir {
            do {
                try TableFiles(folder: tablesDir).write(page)
            } catch {
                progress.report("ocr: \(Self.describe(error, path: tablesDir))")
            }
        }
        if let figuresDir {
            do {
                try await FigureFiles(folder: figuresDir).write(page, decoder: reader.decoder, straightener: reader.straightener)
            } catch {
                progress.report("ocr: \(Self.describe(error, path: figuresDir))")
            }
        }
    }

    /// Where the results go: standard output, or a file for each file read in --output-dir.
    private func makeOutput(reader: PageReader, isSinglePage: Bool) throws -> DocumentOutput {
        if outputDir == nil { try format.checkStandardOutput(suggesting: "scans.pdf") }
        var output = DocumentOutput(format: format, to: outputDir.map { .folder($0) } ?? .stream(.standardOutput),
                                    decoder: reader.decoder, straightener: reader.straightener, isSinglePage: isSinglePage)
        output.marksFlaggedWords = marksFlagged
        output.keepsMargins = keepMargins
        output.figuresFolder = figuresDir
        output.writesSidecars = sidecar
        output.pdf = SearchablePDFOptions(password: documents.password, isArchival: pdfa)
        return output
    }

    /// A script found on `page` that no installed language reads, and the command that fixes it.
    static func describe(_ missing: MissingLanguage, on page: Page) -> String {
        "\(page.image)\(page.pageNumber.map { ", page \($0)" } ?? ""): \(missing.script.name) text, which no installed "
            + "language reads, so it is not read as written: apt-get install \(missing.package) (or --lang)"
    }

    /// One line, e.g. `ocr: 100 pages in 80.2 s, 2 jobs; model inference 140.1 s (1.14x)`: the ratio is
    /// the jobs' time (elapsed times jobs) over the inference time the ONNX engines' models took.
    private static func reportTimings(pages: Int, elapsed: Duration, jobs: Int) {
        var line = String(format: "%d pages in %.2f s, %d jobs", pages, elapsed.timeInterval, jobs)
        if let inference = ONNXRuntime.loadedInferenceTime, inference > .zero {
            line += String(format: "; model inference %.2f s (%.2fx)", inference.timeInterval,
                           elapsed.timeInterval * Double(jobs) / inference.timeInterval)
        }
        warn(line)
    }

    /// One line naming the file (and the page of a document: `scan.pdf, page 3: ...`) and the cause.
    static func describe(_ error: any Error, path: String, page: Int? = nil) -> String {
        let name = page.map { "\(path), page \($0)" } ?? path
        if let error = error as? OCRError {
            return error.path == nil || error.path == path ? "\(name): \(error.reason)" : error.description
        }
        return "\(name): \(error)"
    }

    /// One line naming the pages kept as they were: `scan.pdf: pages 1-3,7 already hold text; ...`;
    /// `givesTheirText` when that text is given rather than read.
    static func describeSkipped(_ plan: DocumentPlan, givesTheirText: Bool = false) -> String {
        let numbers = PageSelection(ranges: plan.skipped.map(\.number).reduce(into: [ClosedRange<Int>]()) { ranges, number in
            if let last = ranges.last, last.upperBound == number - 1 {
                ranges[ranges.count - 1] = last.lowerBound...number
            } else {
                ranges.append(number...number)
            }
        })
        let pages = plan.skipped.count == 1 ? "page \(numbers) already holds" : "pages \(numbers) already hold"
        let ocrLayers = plan.skipped.contains { $0.text == .ocrLayer }
        let kept = givesTheirText ? "given as it is, not read" : "kept as \(plan.skipped.count == 1 ? "it is" : "they are")"
        return "\(plan.document.name): \(pages) text, \(kept) ("
            + (ocrLayers ? "--redo reads OCR layers again, " : "") + "--force reads every page)"
    }
}
