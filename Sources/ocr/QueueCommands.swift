import ArgumentParser
import Foundation
import OCRKit
import OCRKitDocuments
import OCRKitExport
import OCRKitEngines
import OCRKitImages
import OCRKitQueue

struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the queue's batches and how far each has come.")

    @OptionGroup var queue: QueueArguments

    @Flag(help: "List the items that failed, and why.")
    var failures = false

    func run() async throws {
        try await queue.withStore { store in try await show(store) }
    }

    private func show(_ store: any QueueStore) async throws {
        let batches = try await store.batches()
        if batches.isEmpty { print("The queue at \(queue.database) is empty.") }
        let dates = ISO8601DateFormatter()
        for batch in batches {
            let progress = batch.progress
            var line = "batch \(batch.id)"
            if let name = batch.name { line += " (\(name))" }
            if let document = batch.document { line += " document \(document)" }
            line += "  \(dates.string(from: batch.createdAt))  \(progress.total) images: \(progress.completed) completed, "
                + "\(progress.failed) failed, \(progress.cancelled) cancelled, \(progress.pending) pending"
            print(line)
        }
        if failures {
            for failure in try await store.failures(batch: nil) {
                print("failed: \(Read.describe(failure.error, path: failure.image, page: failure.pageNumber)) "
                      + "[\(failure.error.code.rawValue), \(failure.attempts) attempts]")
            }
        }
    }
}

struct Results: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the pages read by the queue, with their paths.",
        discussion: "The formats are those of `ocr read`; text prints each page under a \"==> file <==\" header.")

    @OptionGroup var queue: QueueArguments

    @Option(help: "Only this batch.")
    var batch: Int64?

    @Option(help: "text, json, jsonl, hocr, alto, markdown, html or pdf; Markdown and HTML show the structure of pages scanned with --structure.")
    var format: OutputFormat = .jsonl

    @Flag(help: "Only results not yet marked consumed.")
    var unconsumed = false

    @Flag(help: "Mark the printed results consumed: they are purged 72 hours later.")
    var consume = false

    func run() async throws {
        try await queue.withStore { store in try await write(store) }
    }

    private func write(_ store: any QueueStore) async throws {
        let results = try await store.results(batch: batch.map(BatchID.init(rawValue:)), unconsumedOnly: unconsumed)
        try format.checkStandardOutput(suggesting: "results.pdf")
        var output = DocumentOutput(format: format, to: .stream(.standardOutput), decoder: ImageLoader(),
                                    straightener: EngineSettings(jobs: 1, logger: diagnostics).straightener())
        // A PDF is made from the images the queue stored (uploads, documents' pages), where it stored them.
        let pages = format == .pdf ? try await store.pagesWithStoredImages(results) : results.map(\.page)
        for page in pages { try await output.write(.read(page)) }
        try await output.finish()
        if consume {
            let retention = OCRProcessor.Configuration().retention
            try await store.markConsumed(results.map(\.id), purgeAfter: Date().addingTimeInterval(retention.timeInterval))
        }
    }
}

struct Retry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Queue the failed images again, with their attempts reset; `ocr scan` then reads them.")

    @OptionGroup var queue: QueueArguments

    @Option(help: "Only this batch.")
    var batch: Int64?

    func run() async throws {
        let batch = batch.map(BatchID.init(rawValue:))
        let count = try await queue.withStore { try await $0.retryFailed(batch: batch, now: Date()) }
        print("\(count) images queued again; run `ocr scan` to read them.")
    }
}

struct Cancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel the queued images that have not started: of one batch, or all.")

    @OptionGroup var queue: QueueArguments

    @Option(help: "Only this batch.")
    var batch: Int64?

    func run() async throws {
        let batch = batch.map(BatchID.init(rawValue:))
        let count = try await queue.withStore { try await $0.cancel(batch: batch, now: Date()) }
        print("\(count) images cancelled.")
    }
}

struct Purge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete consumed results older than their retention (72 hours); unconsumed results are kept.")

    @OptionGroup var queue: QueueArguments

    func run() async throws {
        let count = try await queue.withStore { try await $0.purge(now: Date()) }
        print("\(count) results purged.")
    }
}
