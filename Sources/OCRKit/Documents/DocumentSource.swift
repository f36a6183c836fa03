import Foundation

/// Where a document (an image, a PDF, a multi-page TIFF) is read from: a file, or a file's
/// contents held in memory (an upload, a queue's stored copy), which decoders read as they are,
/// with no file made for them.
///
/// ```swift
/// let upload = DocumentSource.contents(postedBytes, name: "statement.pdf")
/// let plan = try await reader.plan(upload)
/// for number in plan.read {
///     let page = try await reader.read(PageSource(upload, page: number))
///     print(page.image, page.pageNumber ?? 1, page.text)
/// }
/// ```
public enum DocumentSource: Hashable, Sendable {
    /// The file at a path.
    case file(String)
    /// A file's contents, and the name pages and errors give it.
    case contents(Data, name: String)

    /// What people see it called: the file's path, or the name given to its contents.
    public var name: String {
        switch self {
        case .file(let path): path
        case .contents(_, let name): name
        }
    }

    /// The document's bytes: its file's, read whole, or its contents. Blocking for a file.
    ///
    /// - Throws: an ``OCRError`` naming the file that cannot be read, and why.
    public func data() throws -> Data {
        switch self {
        case .contents(let contents, _):
            return contents
        case .file(let path):
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw OCRError(.notReadable, path: path, reason: "cannot read the file: \(error.localizedDescription)", underlyingError: error)
            }
        }
    }
}
