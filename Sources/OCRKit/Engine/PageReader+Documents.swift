import Foundation

extension PageReader {
    /// The pages of `document` (a file, or its contents in memory) to read and those to leave
    /// as they are, by ``FilePage/text`` and `pagesWithText`; an image is one page, always read.
    ///
    /// ```swift
    /// let plan = try await reader.plan(.file(scanPath), selection: PageSelection("1-3"))
    /// for page in plan.skipped { print("page \(page.number) already holds text") }
    /// ```
    ///
    /// - Throws: an ``OCRError`` naming the document: it cannot be opened, or `selection` asks
    ///   for a page past its last.
    public func plan(_ document: DocumentSource, selection: PageSelection = .all,
                     pagesWithText: PagesWithText = .skip) async throws -> DocumentPlan {
        guard let pages = try await decoder.pages(of: document) else {
            return DocumentPlan(document: document, isDocument: false, pageCount: 1, read: [1], skipped: [], lowered: [])
        }
        let chosen = Set(try selection.numbers(of: pages.count, in: document.name))
        let selected = pages.filter { chosen.contains($0.number) }
        return DocumentPlan(
            document: document, isDocument: true, pageCount: pages.count,
            read: selected.filter { pagesWithText.reads($0.text) }.map(\.number),
            skipped: selected.filter { !pagesWithText.reads($0.text) },
            lowered: selected.filter { pagesWithText.reads($0.text) && $0.loweredResolution != nil })
    }

    /// Reads the pages of `document` that ``plan(_:selection:pagesWithText:)`` chooses, in
    /// order, `jobs` at once; an image gives one page.
    ///
    /// ```swift
    /// var pages: [Page] = []
    /// for try await page in reader.pages(of: .file(scanPath)) {
    ///     print("page \(page.pageNumber ?? 1):", page.text)
    ///     pages.append(page)
    /// }
    /// ```
    ///
    /// The sequence ends with the first error, which names the document.
    public func pages(
        of document: DocumentSource, selection: PageSelection = .all, pagesWithText: PagesWithText = .skip,
        options: RecognitionOptions = RecognitionOptions(), jobs: Int = 1
    ) -> AsyncThrowingStream<Page, any Error> {
        let reader = self
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Page.self)
        let task = Task {
            do {
                let plan = try await reader.plan(document, selection: selection, pagesWithText: pagesWithText)
                try await plan.read.concurrentMap(jobs: jobs) { number in
                    try await reader.read(plan.source(ofPage: number), options: options)
                } inOrder: { _, page in
                    continuation.yield(page)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// Which pages of a document ``PageReader/plan(_:selection:pagesWithText:)`` reads and which it
/// leaves as they are.
public struct DocumentPlan: Hashable, Sendable {
    /// The document planned: a file, or its contents in memory.
    public var document: DocumentSource
    /// Whether the file is a document of pages (a PDF, a multi-page TIFF) rather than an image,
    /// whose one page has no number (``Page/pageNumber``).
    public var isDocument: Bool
    /// How many pages the file has.
    public var pageCount: Int
    /// The numbers of the pages to read, in order.
    public var read: [Int]
    /// The pages chosen that hold text and are left as they are.
    public var skipped: [FilePage]
    /// The pages read at a lower resolution than they should be, to keep within the pixel limit
    /// (``FilePage/loweredResolution``).
    public var lowered: [FilePage]

    /// Where page `number` of the document is: the document itself when it is an image.
    public func source(ofPage number: Int) -> PageSource {
        PageSource(document, page: isDocument ? number : nil)
    }
}
