import Foundation
import OCRKit
import OCRKitQueue

/// The documents of `ocr scan --document`: each a batch whose pages are written, in order, as one
/// searchable PDF once all are read.
enum QueuedDocuments {
    /// The PDF path for `--document NAME`: NAME with `.pdf` added unless it has it, from the
    /// current folder.
    static func path(forName name: String) -> String {
        let file = name.lowercased().hasSuffix(".pdf") ? name : name + ".pdf"
        return URL(fileURLWithPath: file).standardizedFileURL.path
    }

    /// Checks, before any page is read, that the document at `path` can be written.
    static func checkWritable(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
              FileManager.default.isWritableFile(atPath: folder) else {
            throw OCRError(.notReadable, path: path, reason: "cannot write the document: \(folder) is not a folder this user can write to")
        }
    }

    /// Writes the PDF of every document whose pages are all read and whose PDF is missing or
    /// older than its last page: a scan killed after its last page writes it on the next run.
    /// Documents that this run finished with pages missing, and documents that cannot be written,
    /// are reported instead.
    ///
    /// - Returns: whether every document this run finished, or tried to write, was written.
    static func write(from store: any QueueStore, reader: PageReader, finishedSince start: Date) async throws -> Bool {
        var allWritten = true
        for batch in try await store.batches() {
            guard let document = batch.document, batch.progress.isDone else { continue }
            let results = try await store.results(batch: batch.id, unconsumedOnly: false)
            let failures = try await store.failures(batch: batch.id)
            let lastFinished = (results.map(\.finishedAt) + failures.map(\.finishedAt)).max() ?? batch.createdAt
            guard batch.progress.completed == batch.progress.total else {
                if lastFinished >= start {
                    allWritten = false
                    warn("\(document) not written: \(batch.progress.total - batch.progress.completed) of its "
                         + "\(batch.progress.total) pages were not read (see `ocr status --failures`); after `ocr retry` "
                         + "and `ocr scan` it will be, or write the pages read with `ocr results --batch \(batch.id) --format pdf`")
                }
                continue
            }
            let written = (try? FileManager.default.attributesOfItem(atPath: document)[.modificationDate]) as? Date
            guard written.map({ $0 < lastFinished }) ?? true else { continue }
            do {
                try await writePDF(of: results.map(\.page), to: document, reader: reader)
                warn("\(document): \(results.count) pages")
            } catch {
                allWritten = false
                warn("\(document) not written: \(error)")
            }
        }
        return allWritten
    }

    /// Writes the pages as one PDF beside `path` first, then moves it into place, so that an
    /// interrupted write never leaves half a document.
    private static func writePDF(of pages: [Page], to path: String, reader: PageReader) async throws {
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: nil),
              let handle = FileHandle(forWritingAtPath: partial) else {
            throw OCRError(.notReadable, path: path, reason: "cannot create the document's file")
        }
        do {
            var output = try PageOutput(format: .pdf, isSingleImage: false, destination: handle)
            for page in pages { try output.write(page) }
            try await output.finish(decoder: reader.decoder, corrector: reader.corrector)
            try handle.close()
            guard rename(partial, path) == 0 else {
                throw OCRError(.notReadable, path: path, reason: "cannot move the document into place: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }
}
