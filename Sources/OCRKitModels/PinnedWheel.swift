import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OCRKit

/// A wheel on PyPI, pinned by its address and its SHA-256 digest: where OCRKit's models and
/// ONNX Runtime's library come from. A wheel is a zip archive; nothing of it is run.
///
/// ```swift
/// let wheel = Installable.modelSets[0].wheel
/// print(wheel.file, wheel.size)   // rapidocr-3.10.0-py3-none-any.whl 27288134
/// let file = try await wheel.fetch(into: ModelInstaller.standardDownloads())   // its digest checked
/// ```
public struct PinnedWheel: Sendable, Hashable {
    /// The wheel's file name, such as `rapidocr-3.10.0-py3-none-any.whl`.
    public var file: String { url.lastPathComponent }
    public var url: URL
    /// Its SHA-256 digest, in lowercase hexadecimal.
    public var sha256: String
    /// Its size in bytes, for people.
    public var size: Int

    public init(url: URL, sha256: String, size: Int) {
        self.url = url
        self.sha256 = sha256
        self.size = size
    }

    /// The wheel in `folder`, fetched into it first unless a copy with the pinned digest is
    /// there already: a wheel is fetched once, whatever is installed from it and wherever.
    /// `downloading` is called when it is fetched.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the address when it cannot be fetched, or when what
    ///   came is not the wheel pinned (nothing is kept then).
    public func fetch(into folder: String, downloading: () -> Void = {}) async throws -> String {
        let path = "\(folder)/\(file)"
        if FileManager.default.fileExists(atPath: path), (try? Self.digest(of: path)) == sha256 { return path }
        downloading()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OCRError(.notReadable, path: folder, reason: "cannot make this folder for downloads: \(error.localizedDescription)", underlyingError: error)
        }
        let (download, response): (URL, URLResponse)
        do {
            (download, response) = try await URLSession.shared.download(from: url)
        } catch {
            throw OCRError(.engineUnavailable, path: url.absoluteString, reason: "cannot fetch it: \(error.localizedDescription)", underlyingError: error)
        }
        defer { try? FileManager.default.removeItem(at: download) }
        if let status = (response as? HTTPURLResponse)?.statusCode, status != 200 {
            throw OCRError(.engineUnavailable, path: url.absoluteString, reason: "cannot fetch it: the server answered \(status)")
        }
        let digest = try Self.digest(of: download.path)
        guard digest == sha256 else {
            throw OCRError(.corrupt, path: url.absoluteString,
                           reason: "what came is not the wheel pinned (its SHA-256 is \(digest), not \(sha256)); nothing was kept")
        }
        // Moved into place whole: a copy cut short never stands under the wheel's name.
        let partial = path + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            try FileManager.default.copyItem(at: download, to: URL(fileURLWithPath: partial))
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw OCRError(.notReadable, path: path, reason: "cannot keep the download here: \(error.localizedDescription)", underlyingError: error)
        }
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            throw OCRError(.notReadable, path: path, reason: "cannot keep the download here: \(reason)")
        }
        return path
    }

    /// The SHA-256 digest of the file at `path`, read a megabyte at a time.
    static func digest(of path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw OCRError(.notReadable, path: path, reason: "cannot open it to check its digest")
        }
        defer { try? handle.close() }
        var hash = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hash.update(data: chunk)
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
