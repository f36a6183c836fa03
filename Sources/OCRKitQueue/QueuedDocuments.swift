import Foundation
import OCRKit

/// The documents of a queue: batches enqueued with a document path
/// (``OCRProcessor/enqueue(_:name:document:options:)``), whose pages are written, in order, as
/// one file once every page is read, even when the reading was interrupted and finished by a
/// later process.
///
/// How a document is written is the writer's part: a searchable PDF, say. Its pages' sources are
/// the images the queue stored for them, where it stored them (``QueueStore/pagesWithStoredImages(_:)``).
///
/// ```swift
/// let path = QueuedDocuments.path(forName: "contract")   // contract.pdf in the current folder
/// try QueuedDocuments.checkWritable(path)
/// let batch = try await processor.enqueue(photos, document: path)
/// // ... once the processor has read the queue:
/// let documents = QueuedDocuments(store: store) { pages, path in
///     try await SearchablePDF.write(pages, to: path, decoder: reader.decoder, straightener: reader.straightener)
/// }
/// for outcome in try await documents.writeFinished(since: start) { print(outcome) }   // written, incomplete or failed
/// ```
public struct QueuedDocuments: Sendable {
    /// Writes a document's pages, in order, to its path.
    public typealias Writer = @Sendable (_ pages: [Page], _ path: String) async throws -> Void

    /// What became of one document.
    public enum Outcome: Sendable {
        /// Written, with this many pages.
        case written(document: String, pages: Int)
        /// Not written: some pages of the batch failed or were cancelled.
        case incomplete(document: String, batch: BatchID, unread: Int, of: Int)
        /// Not written: the writer failed.
        case failed(document: String, error: any Error)
    }

    public let store: any QueueStore
    public let writer: Writer

    public init(store: any QueueStore, writer: @escaping Writer) {
        self.store = store
        self.writer = writer
    }

    /// The document path for a name: the name with `.pdf` added unless it has it, from the
    /// current folder.
    public static func path(forName name: String) -> String {
        let file = name.lowercased().hasSuffix(".pdf") ? name : name + ".pdf"
        return URL(fileURLWithPath: file).standardizedFileURL.path
    }

    /// Checks that a document can be written at `path`, so that a batch is refused before any
    /// of its pages is read rather than after.
    ///
    /// - Throws: ``OCRKit/OCRError/Code/notReadable`` naming the document, when its folder is
    ///   missing or not writable.
    public static func checkWritable(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
              FileManager.default.isWritableFile(atPath: folder) else {
            throw OCRError(.notWritable, path: path, reason: "cannot write the document: \(folder) is not a folder this user can write to")
        }
    }

    /// Writes every document whose pages are all read and whose file is missing or older than
    /// its last page: a process killed after the last page leaves it to the next. Documents
    /// finished since `start` with pages unread are reported as ``Outcome/incomplete(document:batch:unread:of:)``;
    /// those finished earlier were reported then.
    ///
    /// - Returns: what became of each document written or found incomplete; documents already
    ///   written and up to date are left out.
    public func writeFinished(since start: Date) async throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for batch in try await store.batches() {
            guard let document = batch.document, batch.progress.isDone else { continue }
            let results = try await store.results(batch: batch.id, unconsumedOnly: false)
            let failures = try await store.failures(batch: batch.id)
            let lastFinished = (results.map(\.finishedAt) + failures.map(\.finishedAt)).max() ?? batch.createdAt
            guard batch.progress.completed == batch.progress.total else {
                if lastFinished >= start {
                    outcomes.append(.incomplete(document: document, batch: batch.id,
                                                unread: batch.progress.total - batch.progress.completed, of: batch.progress.total))
                }
                continue
            }
            let written = (try? FileManager.default.attributesOfItem(atPath: document)[.modificationDate]) as? Date
            guard written.map({ $0 < lastFinished }) ?? true else { continue }
            do {
                try await writer(store.pagesWithStoredImages(results), document)
                outcomes.append(.written(document: document, pages: results.count))
            } catch {
                outcomes.append(.failed(document: document, error: error))
            }
        }
        return outcomes
    }
}
