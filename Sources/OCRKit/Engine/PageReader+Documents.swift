import Foundation

extension PageReader {
    /// The pages of the file at `path` to read and those to leave as they are, by
    /// ``FilePage/text`` and `pagesWithText`; an image file is one page, always read.
    ///
    /// ```swift
    /// let plan = try await reader.plan(scanPath, selection: PageSelection("1-3"))
    /// for page in plan.skipped { print("page \(page.number) already holds text") }
    /// ```
    ///
    /// - Throws: an ``OCRError`` naming the file: it cannot be opened, or `selection` asks for a
    ///   page past its last.
    public func plan(_ path: String, selection: PageSelection = .all, pagesWithText: PagesWithText = .skip) async throws -> DocumentPlan {
        guard let pages = try await decoder.pages(ofFileAt: path) else {
            return DocumentPlan(path: path, isDocument: false, pageCount: 1, read: [1], skipped: [], lowered: [])
        }
        let chosen = Set(try selection.numbers(of: pages.count, in: path))
        let selected = pages.filter { chosen.contains($0.number) }
        return DocumentPlan(
            path: path, isDocument: true, pageCount: pages.count,
            read: selected.filter { pagesWithText.reads($0.text) }.map(\.number),
            skipped: selected.filter { !pagesWithText.reads($0.text) },
            lowered: selected.filter { pagesWithText.reads($0.text) && $0.loweredResolution != nil })
    }

    /// Reads the pages of the file at `path` that ``plan(_:selection:pagesWithText:)`` chooses, in
    /// order, `jobs` at once; an image file gives one page.
    ///
    /// ```swift
    /// var pages: [Page] = []
    /// for try await page in reader.pages(of: scanPath) {
    ///     print("page \(page.pageNumber ?? 1):", page.text)
    ///     pages.append(page)
    /// }
    /// ```
    ///
    /// The sequence ends with the first error, which names the file.
    public func pages(
        of path: String, selection: PageSelection = .all, pagesWithText: PagesWithText = .skip,
        options: RecognitionOptions = RecognitionOptions(), jobs: Int = 1
    ) -> AsyncThrowingStream<Page, any Error> {
        let reader = self
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Page.self)
        let task = Task {
            do {
                let plan = try await reader.plan(path, selection: selection, pagesWithText: pagesWithText)
                try await plan.read.concurrentMap(jobs: jobs) { number in
                    try await reader.read(path, page: plan.isDocument ? number : nil, options: options)
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

/// Which pages of a file ``PageReader/plan(_:selection:pagesWithText:)`` reads and which it
/// leaves as they are.
public struct DocumentPlan: Hashable, Sendable {
    public var path: String
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
}
