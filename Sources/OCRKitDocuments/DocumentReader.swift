import Foundation
import OCRKit

/// Reads files, folders of them and documents of pages (PDFs, multi-page TIFFs), from disk or
/// held in memory (``plan(_:)-([DocumentSource])``), the way `ocr read` does: each file's pages
/// planned (``selection``, pages holding text kept as they are), read ``jobs`` at once with a
/// time limit a page, and handed on in the order of the files and their pages, each file's end
/// after its last page. A file or page that cannot be read is said and the others are read all
/// the same.
///
/// ```swift
/// let documents = DocumentReader(try PageReader(settings: EngineSettings(.auto)), jobs: 2)
/// let batch = await documents.plan([inbox])
/// try await documents.read(batch) { event in
///     if case .read(let page) = event { print(page.image, page.text) }
/// }
/// ```
///
/// With a ``DocumentOutput``, what `ocr read --format pdf --output-dir out/ inbox/` does.
public struct DocumentReader: Sendable {
    /// Decodes, straightens and reads each page.
    public var pageReader: PageReader
    public var options: RecognitionOptions
    /// Which pages of each document to read.
    public var selection: PageSelection = .all
    /// Whether pages that already hold text are read.
    public var pagesWithText: PagesWithText = .skip
    /// How many pages are read at once.
    public var jobs: Int
    /// How long a page may take before it is given up on (``PageFailure/isGivenUp``): a
    /// damaged document's page can take for ever.
    public var pageTimeLimit: Duration = .seconds(600)

    /// A reader of `jobs` pages at once (by default as many as the machine has cores).
    public init(_ pageReader: PageReader, options: RecognitionOptions = RecognitionOptions(),
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.pageReader = pageReader
        self.options = options
        self.jobs = max(1, jobs)
    }

    /// The files among `paths` (folders searched for images and PDFs, ``OCRKit/ImageFiles``) and
    /// their pages to read.
    public func plan(_ paths: [String]) async -> DocumentBatch {
        let (files, missing) = ImageFiles.resolve(paths)
        var batch = await plan(files.map { DocumentSource.file($0) })
        batch.failures.insert(contentsOf: missing, at: 0)
        return batch
    }

    /// The pages to read of `documents`, files or their contents in memory (an upload: no file
    /// is made for it).
    public func plan(_ documents: [DocumentSource]) async -> DocumentBatch {
        var batch = DocumentBatch(plans: [], failures: [])
        for document in documents {
            do {
                batch.plans.append(try await pageReader.plan(document, selection: selection, pagesWithText: pagesWithText))
            } catch {
                batch.failures.append(error as? OCRError ?? OCRError(.notReadable, path: document.name, reason: "\(error)"))
            }
        }
        return batch
    }

    /// Reads the pages of `batch` ``jobs`` at once and hands `body` each page read or failed, and
    /// each file's end, in order, as soon as it and everything before it has come. `finished`
    /// hears of each page as it is read, in any order: a progress bar's count.
    ///
    /// - Throws: only what `body` or `finished` throws; a page that fails is a ``DocumentEvent/failed(_:)``.
    public func read(
        _ batch: DocumentBatch, finished: (DocumentEvent) async throws -> Void = { _ in },
        _ body: (DocumentEvent) async throws -> Void
    ) async throws {
        let steps = batch.plans.indices.flatMap { file in
            let plan = batch.plans[file]
            let kept = plan.skipped.map { Step.kept(file: file, number: $0.number) }
            return (plan.read.map { Step.page(file: file, number: $0) } + kept).sorted { $0.number < $1.number } + [Step.end(file: file)]
        }
        let pageSteps = steps.indices.filter { steps[$0].isPage }
        var nextStep = 0
        /// The kept pages' events taken ahead, by their steps' indices.
        var keptEvents: [Int: DocumentEvent] = [:]
        /// Hands on the pages kept and the ends of files before the step at `limit`.
        func handOnSteps(before limit: Int) async throws {
            while nextStep < limit {
                switch steps[nextStep] {
                case .end(let file): try await body(.ended(batch.plans[file]))
                case .kept(let file, _):
                    if keptEvents[nextStep] == nil {
                        // This kept page and the next of its file's, their document opened once.
                        let next = steps[nextStep...].prefix { $0.file == file }.indices.filter { steps[$0].isKept }.prefix(Self.keptPagesAtOnce)
                        keptEvents = await keptText(of: batch.plans[file].document, steps: Array(next), numbers: next.map { steps[$0].number })
                    }
                    if let event = keptEvents.removeValue(forKey: nextStep) { try await body(event) }
                case .page: preconditionFailure("pages are read, not handed on here")
                }
                nextStep += 1
            }
        }
        try await pageSteps.concurrentMap(jobs: jobs) { [self] index in
            guard case .page(let file, let number) = steps[index] else { preconditionFailure("only pages are read") }
            return await read(batch.plans[file].source(ofPage: number))
        } finished: { event in
            try await finished(event)
        } inOrder: { position, event in
            let index = pageSteps[position]
            try await handOnSteps(before: index)
            try await body(event)
            nextStep = index + 1
        }
        try await handOnSteps(before: steps.count)
    }

    /// The page at `source` read, or why not.
    private func read(_ source: PageSource) async -> DocumentEvent {
        let limit = pageTimeLimit, name = source.document.name
        let givenUp = OCRError(.engineFailure, path: name, reason: "reading took longer than \(limit.formattedSeconds), its time limit; given up")
        do {
            let page = try await finishing(within: limit, orThrow: { givenUp }) { [pageReader, options] in
                try await pageReader.read(source, options: options)
            }
            return .read(page)
        } catch {
            return .failed(PageFailure(path: name, pageNumber: source.page, error: error, isGivenUp: error as? OCRError == givenUp))
        }
    }

    /// How many kept pages' text is taken from their document at once: opening a document costs
    /// more than a page's text (`ocr read` of 300 typeset pages, one at a time: 1.4 s; 50 at a
    /// time: 0.3 s), and their pages are held until handed on.
    static let keptPagesAtOnce = 50

    /// The text pages `numbers` of `document` hold, or why it cannot be had, by their `steps`;
    /// none when its decoder cannot tell. Each is ``kept(_:of:number:)``, ``jobs`` pages at once.
    private func keptText(of document: DocumentSource, steps: [Int], numbers: [Int]) async -> [Int: DocumentEvent] {
        let pages: [Page]
        do {
            guard let text = try await pageReader.decoder.embeddedText(ofPages: numbers, of: document) else { return [:] }
            pages = text
        } catch {
            return Dictionary(uniqueKeysWithValues: zip(steps, numbers.map {
                .failed(PageFailure(path: document.name, pageNumber: $0, error: error))
            }))
        }
        var events: [Int: DocumentEvent] = [:]
        for start in stride(from: 0, to: pages.count, by: jobs) {
            let chunk = Array(start..<min(pages.count, start + jobs))
            await withTaskGroup(of: (Int, DocumentEvent).self) { group in
                for index in chunk {
                    group.addTask { [self] in (steps[index], await kept(pages[index], of: document, number: numbers[index])) }
                }
                for await (step, event) in group { events[step] = event }
            }
        }
        return events
    }

    /// `page`, page `number` of `document` with its own text: kept, with its structure when the
    /// page reader reads structure; or, when its text is damaged (``OCRKit/TextLayerDamage``),
    /// read by OCR instead, saying so in a warning.
    private func kept(_ page: Page, of document: DocumentSource, number: Int) async -> DocumentEvent {
        if let damage = TextLayerDamage(of: page) {
            let event = await read(PageSource(document, page: number))
            guard case .read(var read) = event else { return event }
            read.warnings.append(PageWarning(.damagedTextLayer, reason: "\(damage.reason): read by OCR instead"))
            return .read(read)
        }
        do {
            return .kept(try await structured(page, of: document, number: number))
        } catch {
            return .failed(PageFailure(path: document.name, pageNumber: number, error: error))
        }
    }

    /// The longer side, in pixels, a page of a document's own text is drawn at for its structure:
    /// its words come from the text, so the models need only see where the tables and regions are.
    static let keptPageSide = 1600

    /// `page`, page `number` of `document` with its own text, with the structure the page
    /// reader's structure reader finds on the page drawn (its tables, their cells filled with the
    /// page's words): one structure for every page, scanned or not.
    private func structured(_ page: Page, of document: DocumentSource, number: Int) async throws -> Page {
        guard let structure = pageReader.structure, !page.lines.isEmpty else { return page }
        let image = try await pageReader.decoder.decode(PageSource(document, page: number), maximumSide: Self.keptPageSide)
        var read = try await structure.structure(page, image: image)
        read.source = page.source
        return read
    }

    /// A page of a file to read, a page kept as it is, or the end of a file, whose output is then complete.
    private enum Step {
        /// `number` is the page's number in its document, 1 for an image file.
        case page(file: Int, number: Int)
        case kept(file: Int, number: Int)
        case end(file: Int)

        var isPage: Bool { if case .page = self { true } else { false } }

        var isKept: Bool { if case .kept = self { true } else { false } }

        var file: Int {
            switch self {
            case .page(let file, _), .kept(let file, _), .end(let file): file
            }
        }

        var number: Int {
            switch self {
            case .page(_, let number), .kept(_, let number): number
            case .end: .max
            }
        }
    }
}

private extension Duration {
    /// `600 s`, `0.001 s`.
    var formattedSeconds: String { String(format: "%g s", timeInterval) }
}
