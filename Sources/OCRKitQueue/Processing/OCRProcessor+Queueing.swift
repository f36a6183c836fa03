import Foundation
import OCRKit

/// Queueing files, and what becomes of the items: progress, cancelling, retrying, results.
extension OCRProcessor {
    /// Adds a batch of files and returns its ID: an image is one item, a document (a PDF, a
    /// multi-page TIFF) one item a page, each page that holds no text yet
    /// (``OCRKit/PagesWithText/skip``). The same path twice in one batch is read once; items are
    /// read in the order given. A file that cannot be opened now is queued as it is: reading it
    /// fails with the reason, naming it, and the others are read.
    ///
    /// - Parameters:
    ///   - document: where the pages are to be written as one document, in the order given, once
    ///     all are read (``BatchSummary/document``); writing it is the caller's part.
    ///   - storingImages: stores the files themselves in the queue (a document's page as a
    ///     document of its own), so that workers on machines that do not see these paths can read
    ///     them. A file that cannot be read now, or is larger than ``largestStoredImage``, is left
    ///     to be read at its path.
    /// - Throws: an ``OCRKit/OCRError/Code/invalidOption`` for options the reader cannot honour.
    public func enqueue(_ paths: [String], name: String? = nil, document: String? = nil,
                        options: RecognitionOptions = RecognitionOptions(), storingImages: Bool = false) async throws -> BatchID {
        let pages = try await QueuedPage.pages(of: paths, reader: reader)
        return try await enqueue(pages, name: name, document: document, options: options, storingImages: storingImages)
    }

    /// Adds a batch of pages the caller chose (``OCRKit/PageReader/plan(_:selection:pagesWithText:)``
    /// chooses a document's), and returns its ID; otherwise as the `enqueue` of paths.
    public func enqueue(_ pages: [QueuedPage], name: String? = nil, document: String? = nil,
                        options: RecognitionOptions = RecognitionOptions(), storingImages: Bool = false) async throws -> BatchID {
        try checkOptions(options)
        let decoder = reader.decoder
        let images: ImageContents? = storingImages ? { @Sendable page in Self.storableContents(of: page, decoder: decoder) } : nil
        let batch = try await store.addBatch(name: name, pages: pages, options: options, document: document, images: images, now: clock.date)
        await countItems()
        return batch
    }

    /// Adds a batch of files held in memory (uploaded to a server, say), each stored in the queue
    /// under its page (its name, and its number in a document), and returns its ID. Pages must
    /// differ: the same page twice is one item.
    ///
    /// - Throws: an ``OCRKit/OCRError/Code/invalidOption`` for options the reader cannot honour.
    public func enqueue(contentsOf files: [(page: QueuedPage, contents: Data)], name: String? = nil, document: String? = nil,
                        options: RecognitionOptions = RecognitionOptions()) async throws -> BatchID {
        try checkOptions(options)
        let contents = Dictionary(files.map { ($0.page, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let batch = try await store.addBatch(name: name, pages: files.map(\.page), options: options, document: document,
                                             images: { contents[$0] }, now: clock.date)
        await countItems()
        return batch
    }

    private func checkOptions(_ options: RecognitionOptions) throws {
        try reader.engine.validate(options)
        if options.straightensPage && reader.straightener == nil {
            throw OCRError(.invalidOption, reason: "straightening photos needs an image straightener, and the processor's reader has none")
        }
    }

    /// The largest file (an image, or a document's page cut out), in bytes, that `enqueue` stores
    /// in the queue: 256 MiB.
    public static let largestStoredImage = 256 << 20

    private static func storableContents(of page: QueuedPage, decoder: any ImageDecoder) -> Data? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: page.image))?[.size] as? Int else { return nil }
        guard let number = page.pageNumber else {
            return size <= largestStoredImage ? try? Data(contentsOf: URL(fileURLWithPath: page.image)) : nil
        }
        return (try? decoder.contents(of: .file(page.image, page: number))).flatMap { $0.count <= largestStoredImage ? $0 : nil }
    }

    /// The progress of `batch`, or of the whole queue.
    public func progress(for batch: BatchID?) async throws -> BatchProgress {
        try await store.progress(of: batch)
    }

    /// Cancels the items of `batch` that have not started; items being read finish.
    @discardableResult
    public func cancel(batch: BatchID) async throws -> Int {
        try await store.cancel(batch: batch, now: clock.date)
    }

    /// Cancels every item that has not started.
    @discardableResult
    public func cancelAll() async throws -> Int {
        try await store.cancel(batch: nil, now: clock.date)
    }

    /// Puts items of `batch` (of every batch when `nil`) that failed for good back in the queue,
    /// with their attempts reset: after the missing file was restored, or the disk was mended.
    @discardableResult
    public func retryFailed(batch: BatchID? = nil) async throws -> Int {
        try await store.retryFailed(batch: batch, now: clock.date)
    }

    /// Completed results nobody has marked consumed yet, in batch order.
    public func unconsumedResults() async throws -> [ItemResult] {
        try await store.results(batch: nil, unconsumedOnly: true)
    }

    /// Marks results as consumed: they are purged once the retention period has passed.
    public func markConsumed(_ items: [ItemID]) async throws {
        try await store.markConsumed(items, purgeAfter: clock.date(after: machine.configuration.retention))
    }

    /// Deletes consumed results past their retention now; the processor also does this hourly.
    @discardableResult
    public func purge() async throws -> Int {
        try await store.purge(now: clock.date)
    }
}
