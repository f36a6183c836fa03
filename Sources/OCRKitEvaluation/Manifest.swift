import Foundation
import OCRKit

/// A data set's list of images and their ground truth: `manifest.tsv`, one
/// `image_path<TAB>ground_truth` a line, paths relative to the manifest's folder.
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
        let url = URL(fileURLWithPath: path)
        let contents: String
        do {
            contents = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot read the manifest: \(error.localizedDescription)")
        }
        let folder = url.deletingLastPathComponent()
        name = folder.lastPathComponent
        entries = []
        for (number, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard let image = fields.first, !image.isEmpty else {
                throw OCRError(.corrupt, path: path, reason: "line \(number + 1) has no image path")
            }
            entries.append(Entry(imagePath: folder.appendingPathComponent(String(image)).path,
                                 truth: fields.count > 1 ? String(fields[1]) : ""))
        }
    }
}
