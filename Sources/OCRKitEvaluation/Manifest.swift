import Foundation
import OCRKit

/// A data set's list of images and their ground truth: `manifest.tsv`, one
/// `image_path<TAB>ground_truth` a line, paths absolute or relative to the manifest's folder.
///
/// ```swift
/// let manifest = try Manifest(contentsOf: "../shared/datasets/uw3_lines/manifest.tsv")
/// for entry in manifest.entries { print(entry.imagePath, entry.truth) }
/// ```
public struct Manifest: Sendable {
    public struct Entry: Sendable, Hashable {
        /// The image's path: absolute, or relative to the working directory.
        public var imagePath: String
        public var truth: String
    }

    public var entries: [Entry]
    /// The data set's name: its folder's name, such as `sroie`.
    public var name: String

    /// - Throws: ``OCRError`` naming the file when it cannot be read or a line is malformed.
    public init(contentsOf path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        name = folder.lastPathComponent
        entries = try TabSeparatedRows.read(path, describedAs: "manifest").map { number, fields in
            guard let image = fields.first, !image.isEmpty else {
                throw OCRError(.corrupt, path: path, reason: "line \(number) has no image path")
            }
            // The truth may itself hold tabs: everything after the first one.
            return Entry(imagePath: TabSeparatedRows.path(image, in: folder),
                         truth: fields.dropFirst().joined(separator: "\t"))
        }
    }
}
