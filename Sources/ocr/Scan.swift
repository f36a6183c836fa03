import ArgumentParser
import Dispatch
import Foundation
import OCRKit
import OCRKitDocuments
import OCRKitPDF
import OCRKitQueue

extension ProcessingPolicy: ExpressibleByArgument {}

struct Scan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Queue images and documents and read them, surviving interruptions.",
        discussion: """
            Adds the files and folders to a persistent queue as one batch, then reads until the \
            queue is empty. Each page of a PDF or multi-page TIFF is an item of its own, so a long \
            document interrupted half-way goes on from the page it reached. Kill it at any moment and run `ocr scan` again, with or without \
            paths: every image is read exactly once. Ctrl-C stops cleanly: the images being read \
            finish first (press it again to quit at once; they are read again next time).

            Results stay in the queue: see `ocr results` and `ocr status`.

            --document NAME makes the files one document: a folder's files in file-name order \
            (page2 before page10), files named directly in the order given, a document's pages in \
            its order. Once every page is read, they are written as one searchable PDF, NAME.pdf, \
            even when the reading was interrupted and finished by a later `ocr scan`: the copy of a \
            PDF keeps its pages as they were, with the text added. Add --straighten for photos of \
            pages.

            Documents' options (--dpi, --password) are this process's: give them again to an \
            `ocr scan` that goes on, and to workers.

            Many machines: with a PostgreSQL queue (--db postgres://...), `ocr worker` on each \
            machine reads from it too. --upload stores the images themselves in the queue, for \
            workers that do not see these files; --queue-only adds the batch and returns, \
            leaving the reading to the workers.
            """
    )

    @Argument(help: ArgumentHelp("Image files, or folders to search for images; none resumes the queue.",
                                 valueName: "file-or-folder"))
    var paths: [String] = []

    @OptionGroup var queue: QueueArguments

    @Option(help: "interactive reads with every core at full resolution; background with one worker, downscaled to 2048 pixels.")
    var mode: ProcessingPolicy = .interactive

    @Option(help: "A name for the batch, shown by `ocr status`.")
    var name: String?

    @Option(help: ArgumentHelp(
        "Read the images as the pages of one document and write it as one searchable PDF, NAME.pdf.",
        valueName: "NAME"))
    var document: String?

    @Flag(help: "Store the images themselves in the queue, for workers on machines that do not see these files.")
    var upload = false

    @Flag(help: "Add the images to the queue and return: workers (`ocr worker`) read them.")
    var queueOnly = false

    @OptionGroup(title: "Recognition")
    var recognition: RecognitionArguments

    @OptionGroup(title: "Documents (PDF, multi-page TIFF)")
    var documents: DocumentArguments

    func validate() throws {
        if document != nil && paths.isEmpty { throw ValidationError("--document needs the images or folder of the document's pages") }
        if (upload || queueOnly) && paths.isEmpty { throw ValidationError("--upload and --queue-only need images to queue") }
        if let document, document.isEmpty || document.hasSuffix("/") { throw ValidationError("--document needs a file name") }
    }

    func run() async throws {
        try await queue.withStore { store in try await scan(store) }
    }

    private func scan(_ store: any QueueStore) async throws {
        // Queued work may ask to straighten photos, whatever this run's options.
        let reader = try recognition.makeReader(jobs: ProcessInfo.processInfo.activeProcessorCount, straightensPhotos: true,
                                                documents: documents.loadingOptions)
        var configuration = OCRProcessor.Configuration(diskPath: queue.database.diskPath)
        configuration.policy = mode
        let processor = OCRProcessor(store: store, reader: reader, configuration: configuration)
        let started = Date()

        if !paths.isEmpty {
            let (files, missing) = ImageFiles.resolve(paths)
            for error in missing { warn("\(error)") }
            guard !files.isEmpty else { throw ExitCode.failure }
            let absolute = files.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            let documentPath = document.map(QueuedDocuments.path(forName:))
            if let documentPath { try QueuedDocuments.checkWritable(documentPath) }
            let pages = try await QueuedPage.pages(of: absolute, reader: reader, selection: documents.pages,
                                                   pagesWithText: documents.pagesWithText) { plan in
                if !plan.skipped.isEmpty { warn(Read.describeSkipped(plan)) }
            }
            guard !pages.isEmpty else {
                warn("nothing queued: every page chosen already holds text")
                return
            }
            let batch = try await processor.enqueue(pages, name: name ?? document, document: documentPath,
                                                    options: recognition.recognitionOptions(defaultAlternatives: 3),
                                                    storingImages: upload)
            let count = Set(pages).count, noun = pages.contains { $0.pageNumber != nil } ? "page" : "image"
            warn("batch \(batch): \(count) \(noun)\(count == 1 ? "" : "s") queued in \(queue.database)\(upload ? " with their contents" : "")")
            if queueOnly {
                if documentPath != nil { warn("`ocr scan` here writes the document once the workers have read its pages") }
                return
            }
        }

        let interrupts = InterruptHandler {
            FileHandle.standardError.write(Data("\nocr: stopping after the images being read (Ctrl-C again to quit now)\n".utf8))
            Task { await processor.stop() }
        }
        defer { interrupts.cancel() }

        let storeProblems = warnAboutStoreProblems(of: processor)
        defer { storeProblems.cancel() }

        await processor.start()
        let initial = try await store.progress(of: nil)
        var bar = ProgressBar(total: initial.total, alreadyDone: initial.finished)
        // The processor says what it is doing as it changes: reading (the whole queue's counts),
        // idle once nothing is left to read here or elsewhere, or once Ctrl-C has stopped it.
        // While the store fails, it says so (above) and keeps what it read.
        for await state in processor.states {
            if case .processing(let completed, let failed, let total) = state {
                bar.update(done: completed + failed, failed: failed, total: total)
            } else if state == .idle {
                break
            }
        }
        await processor.stop()
        bar.finish()

        let progress = try await store.progress(of: nil)
        let failures = try await store.failures(batch: nil).filter { $0.finishedAt >= started }
        for failure in failures { warn(Read.describe(failure.error, path: failure.image, page: failure.pageNumber)) }
        var summary = "\(progress.completed) completed, \(progress.failed) failed, \(progress.cancelled) cancelled"
        if progress.pending > 0 { summary += ", \(progress.pending) still queued (run `ocr scan` to go on)" }
        warn(summary)
        let copying = SearchablePDFOptions(password: documents.password)
        let finished = QueuedDocuments(store: store) { pages, path in
            var output = DocumentOutput(format: .pdf, to: .file(path), decoder: reader.decoder, straightener: reader.straightener)
            output.pdf = copying
            for page in pages { try await output.write(.read(page)) }
            try await output.finish()
        }
        var documentsWritten = true
        for outcome in try await finished.writeFinished(since: started) {
            switch outcome {
            case .written(let document, let pages):
                warn("\(document): \(pages) pages")
            case .incomplete(let document, let batch, let unread, let total):
                documentsWritten = false
                warn("\(document) not written: \(unread) of its \(total) pages were not read (see `ocr status --failures`); "
                     + "after `ocr retry` and `ocr scan` it will be, or write the pages read with `ocr results --batch \(batch) --format pdf`")
            case .failed(let document, let error):
                documentsWritten = false
                warn("\(document) not written: \(error)")
            }
        }
        if !failures.isEmpty || !documentsWritten { throw ExitCode.failure }
    }
}
