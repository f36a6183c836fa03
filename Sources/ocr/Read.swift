import ArgumentParser
import Foundation
import OCRKitExport
import OCRKit
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
            is 1 if any failed.

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

    @Option(help: "How to print the results: text, json, jsonl, hocr, alto or pdf (one searchable PDF).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp(
        "Write each file's result to a file of its own in this folder (scan.pdf gives scan.txt, .json, .jsonl, .hocr, .xml or a searchable scan.pdf) instead of standard output.",
        valueName: "folder"))
    var outputDir: String?

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
        let (files, missing) = ImageFiles.resolve(paths)
        for error in missing { warn("\(error)") }
        if files.isEmpty && missing.isEmpty {
            throw ValidationError("no PDFs or image files found in \(paths.joined(separator: ", "))")
        }

        let reader = try recognition.makeReader(jobs: jobs, straightensPhotos: recognition.straighten,
                                                documents: documents.loadingOptions)
        // Alternatives cost about a tenth of the time, and text and PDF do not show them.
        let showsAlternatives = marksFlagged || format.showsAlternatives
        let options = recognition.recognitionOptions(defaultAlternatives: showsAlternatives ? 3 : 0)
        try reader.engine.validate(options)

        // What each file holds: its pages to read, in order, then the end of the file.
        var failures = missing.count
        var steps: [Step] = []
        for (index, path) in files.enumerated() {
            do {
                let plan = try await reader.plan(path, selection: documents.pages, pagesWithText: documents.pagesWithText)
                if !plan.skipped.isEmpty { warn(Self.describeSkipped(plan)) }
                for page in plan.lowered {
                    warn("\(path), page \(page.number): read at \(Int(page.loweredResolution ?? 0)) dpi, to keep within "
                         + "\(recognition.maxPixels) pixels (--max-pixels)")
                }
                steps += plan.read.map { .page(file: index, number: plan.isDocument ? $0 : nil) }
                steps.append(.end(file: index, isUnread: plan.read.isEmpty))
            } catch {
                warn(Self.describe(error, path: path))
                failures += 1
            }
        }
        let pageCount = steps.filter(\.isPage).count
        var progress = ProgressBar(total: pageCount)
        var outputFiles = OutputFiles(folder: outputDir, format: format)
        // Standard output, unless each file's result goes to a file of its own.
        var output = outputDir == nil
            ? try PageOutput(format: format, isSinglePage: pageCount == 1 && failures == 0, marksFlaggedWords: marksFlagged)
            : nil
        var fileOutput: PageOutput?
        let start = ContinuousClock.now

        // Pages are read `jobs` at once, and printed in the order of `steps` as soon as they and
        // every page before them are read; each file's end is printed after its last page.
        var nextToPrint = 0, done = 0, failedPages = 0, givenUp = false
        // A script no installed language reads is said once, for the first page it is on.
        var warnedScripts: Set<Script> = []
        /// Prints the ends of files before the step at `limit`: a PDF copied or written whole.
        func printEnds(before limit: Int) async throws {
            while nextToPrint < limit, case .end(let file, let isUnread) = steps[nextToPrint] {
                if isUnread, format == .pdf, outputDir == nil, files.count == 1 {
                    output?.keep(files[file])   // the document alone, every page kept as it was
                }
                if isUnread, format == .pdf, let handle = try outputFiles.open(for: files[file]) {
                    // Every page kept as it was: the searchable copy is the document itself.
                    if pdfa { warn("\(files[file]): no page read, so copied as it is, not made PDF/A (--force reads its pages)") }
                    fileOutput = try PageOutput(format: format, isSinglePage: false, destination: handle)
                    fileOutput?.keep(files[file])
                }
                do {
                    try await fileOutput?.finish(decoder: reader.decoder, straightener: reader.straightener, pdf: pdfOptions)
                } catch {
                    // The document cannot be written (PDF/A refused, say): said, and the next goes on.
                    progress.report("ocr: \(Self.describe(error, path: files[file]))")
                    failures += 1
                }
                fileOutput = nil
                nextToPrint += 1
            }
        }
        let pageSteps = steps.indices.filter { steps[$0].isPage }
        let limit = pageTimeLimit
        try await pageSteps.concurrentMap(jobs: jobs) { [steps] index in
            guard case .page(let file, let number) = steps[index] else { preconditionFailure("only pages are read") }
            let path = files[file]
            let givenUp = OCRError(.engineFailure, path: path,
                                   reason: "reading took longer than \(String(format: "%g", limit)) s (--page-time-limit); given up")
            do {
                let page = try await finishing(within: .seconds(limit), orThrow: { givenUp }) {
                    try await reader.read(path, page: number, options: options)
                }
                return Outcome(result: .success(page))
            } catch {
                return Outcome(result: .failure(error), isGivenUp: error as? OCRError == givenUp)
            }
        } finished: { outcome in
            done += 1
            if (try? outcome.result.get()) == nil { failedPages += 1 }
            givenUp = givenUp || outcome.isGivenUp
            progress.update(done: done, failed: failedPages)
        } inOrder: { position, outcome in
            let index = pageSteps[position]
            try await printEnds(before: index)
            guard case .page(let file, let number) = steps[index] else { return }
            switch outcome.result {
            case .success(let page):
                for missing in page.missingLanguages where warnedScripts.insert(missing.script).inserted {
                    progress.report("ocr: \(Self.describe(missing, on: page))")
                }
                if outputDir != nil {
                    if fileOutput == nil, let handle = try outputFiles.open(for: files[file]) {
                        fileOutput = try PageOutput(format: format, isSinglePage: number == nil,
                                                    marksFlaggedWords: marksFlagged, destination: handle)
                        if sidecar { fileOutput?.sidecar = try outputFiles.openSidecar() }
                    }
                    try fileOutput?.write(page)
                } else {
                    try output?.write(page)
                }
            case .failure(let error):
                progress.report("ocr: \(Self.describe(error, path: files[file], page: number))")
            }
            nextToPrint = index + 1
        }
        try await printEnds(before: steps.count)
        progress.finish()
        do {
            try await output?.finish(decoder: reader.decoder, straightener: reader.straightener, pdf: pdfOptions)
        } catch {
            warn(Self.describe(error, path: outputDir ?? "the output"))
            throw ExitCode.failure
        }
        if timings { Self.reportTimings(pages: pageCount, elapsed: ContinuousClock.now - start, jobs: jobs) }
        // A page given up on is still being read inside a C library: exiting the usual way would
        // tear that library down under it (a crash, seen here). Everything is written by now.
        if givenUp { _exit(1) }
        if failures + failedPages > 0 { throw ExitCode.failure }
    }

    /// A script found on `page` that no installed language reads, and the command that fixes it.
    static func describe(_ missing: MissingLanguage, on page: Page) -> String {
        "\(page.image)\(page.pageNumber.map { ", page \($0)" } ?? ""): \(missing.script.name) text, which no installed "
            + "language reads, so it is not read as written: apt-get install \(missing.package) (or --lang)"
    }

    private var pdfOptions: SearchablePDFOptions {
        SearchablePDFOptions(password: documents.password, isArchival: pdfa)
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

    /// A page of a file to read, or the end of a file, whose output is then complete.
    private enum Step {
        /// `number` is `nil` for an image file, which is a page of its own.
        case page(file: Int, number: Int?)
        /// `isUnread` when none of the file's pages is read (they all hold text already).
        case end(file: Int, isUnread: Bool)

        var isPage: Bool { if case .page = self { true } else { false } }
    }

    /// What reading a page gave.
    private struct Outcome: Sendable {
        var result: Result<Page, any Error>
        /// Whether reading ran past --page-time-limit, and goes on without us.
        var isGivenUp = false
    }

    /// One line naming the file (and the page of a document: `scan.pdf, page 3: ...`) and the cause.
    static func describe(_ error: any Error, path: String, page: Int? = nil) -> String {
        let name = page.map { "\(path), page \($0)" } ?? path
        if let error = error as? OCRError {
            return error.path == nil || error.path == path ? "\(name): \(error.reason)" : error.description
        }
        return "\(name): \(error)"
    }

    /// One line naming the pages kept as they were: `scan.pdf: pages 1-3,7 already hold text; ...`.
    static func describeSkipped(_ plan: DocumentPlan) -> String {
        let numbers = PageSelection(ranges: plan.skipped.map(\.number).reduce(into: [ClosedRange<Int>]()) { ranges, number in
            if let last = ranges.last, last.upperBound == number - 1 {
                ranges[ranges.count - 1] = last.lowerBound...number
            } else {
                ranges.append(number...number)
            }
        })
        let pages = plan.skipped.count == 1 ? "page \(numbers) already holds" : "pages \(numbers) already hold"
        let ocrLayers = plan.skipped.contains { $0.text == .ocrLayer }
        return "\(plan.path): \(pages) text, kept as \(plan.skipped.count == 1 ? "it is" : "they are") ("
            + (ocrLayers ? "--redo reads OCR layers again, " : "") + "--force reads every page)"
    }
}
