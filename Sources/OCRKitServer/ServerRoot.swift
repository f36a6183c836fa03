import Foundation
import OCRKit

/// The folder on the server's disk that batches may name images in, and nothing outside it:
/// no absolute path, no `..`, no symbolic link that leads out.
struct ServerRoot: Sendable {
    /// The folder with its symbolic links resolved.
    let folder: String

    init(_ folder: String) {
        self.folder = Self.resolved(folder) ?? folder
    }

    /// The image files `paths` name, relative to the root, folders searched as `ocr read` does.
    ///
    /// - Throws: an ``APIError``: 403 for a path that leads outside the root, 404 for one that
    ///   does not exist; 422 when they hold no image.
    func images(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            if path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                throw outside(path)
            }
            let full = (folder as NSString).appendingPathComponent(path)
            let (found, missing) = ImageFiles.resolve([full])
            if !missing.isEmpty {
                throw APIError(.notFound, code: APIError.Code(.fileNotFound), message: "\(path): no such file or folder under the root")
            }
            // A link inside the root may lead out of it: what counts is where it leads.
            for file in [full] + found where !contains(file) { throw outside(path) }
            files += found
        }
        guard !files.isEmpty else {
            throw APIError(.unprocessableContent, code: .noImage, message: "\(paths.joined(separator: ", ")) hold no image files")
        }
        return files
    }

    /// Whether `path`, its links followed, is the root or inside it.
    private func contains(_ path: String) -> Bool {
        guard let target = Self.resolved(path) else { return false }
        return target == folder || target.hasPrefix(folder + "/")
    }

    private func outside(_ path: String) -> APIError {
        APIError(.forbidden, code: .outsideRoot, message: "\(path): only paths inside the server's root folder can be read")
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
