import Foundation
import OCRKit

/// The names of the documents written in one folder, one a file read, after that file's name:
/// files of the same name from different folders get `name-2`, `name-3`...
struct FileNames {
    private var used: Set<String> = []

    /// The path in `folder` (made if need be) of the document of the file at `source`.
    mutating func path(for source: String, in folder: String, fileExtension: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OCRError(.notWritable, path: folder, reason: "cannot make the folder: \(error.localizedDescription)", underlyingError: error)
        }
        let stem = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = stem, copy = 1
        while used.contains(name) {
            copy += 1
            name = "\(stem)-\(copy)"
        }
        used.insert(name)
        return (folder as NSString).appendingPathComponent("\(name).\(fileExtension)")
    }
}
