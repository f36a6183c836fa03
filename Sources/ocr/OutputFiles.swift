import Foundation
import OCRKitExport

/// The files `ocr read --output-dir` writes: one an image, named after it, in one folder.
struct OutputFiles {
    let folder: String?
    let format: OutputFormat
    private var used: Set<String> = []

    init(folder: String?, format: OutputFormat) {
        self.folder = folder
        self.format = format
    }

    /// A new file for the result of `image`, or `nil` when results go to standard output.
    /// Images with the same name from different folders get `name-2`, `name-3`...
    mutating func open(for image: String) throws -> FileHandle? {
        guard let folder else { return nil }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stem = ((image as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = stem
        var copy = 1
        while used.contains(name) {
            copy += 1
            name = "\(stem)-\(copy)"
        }
        used.insert(name)
        lastName = name
        return try create((folder as NSString).appendingPathComponent("\(name).\(format.fileExtension)"))
    }

    /// The text file beside the file ``open(for:)`` last opened: `scan.txt` beside `scan.pdf`.
    func openSidecar() throws -> FileHandle? {
        guard let folder, let lastName else { return nil }
        return try create((folder as NSString).appendingPathComponent("\(lastName).txt"))
    }

    private var lastName: String?

    private func create(_ path: String) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationErrorMessage("cannot write \(path)")
        }
        return handle
    }
}

/// An error that is only a message for the user.
struct ValidationErrorMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
