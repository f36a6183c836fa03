import OCRKit

/// The documents a ``DocumentReader`` is to read, planned: each one's pages to read and to leave
/// as they are (``OCRKit/DocumentPlan``), and the paths or documents that could not be opened,
/// each with its cause. Planning opens every file before any page is read, so that a progress
/// bar knows the number of pages and a user hears of a missing file at once.
///
/// ```swift
/// let batch = await documents.plan([inbox, "extra.pdf"])
/// for failure in batch.failures { print(failure) }   // "extra.pdf: no such file or folder"
/// print(batch.pageCount, "pages to read")
/// ```
public struct DocumentBatch: Sendable {
    /// The documents that can be read, in the order given (a folder's files in natural order).
    public var plans: [DocumentPlan]
    /// The paths and documents that cannot be read, in the order given: missing, not a
    /// document, a page selection past the last page.
    public var failures: [OCRError]

    public init(plans: [DocumentPlan], failures: [OCRError]) {
        self.plans = plans
        self.failures = failures
    }

    /// How many pages will be read.
    public var pageCount: Int { plans.reduce(0) { $0 + $1.read.count } }

    /// Whether the batch is one page alone, read or kept, and nothing failed: text without a
    /// header, JSON as an object rather than an array.
    public var isSinglePage: Bool { plans.reduce(0) { $0 + $1.read.count + $1.skipped.count } == 1 && failures.isEmpty }
}
