import Foundation
import OCRKit

/// A data set of tables: `manifest.jsonl`, one `{"image": path, "html": table}` a line, paths
/// relative to the manifest's folder, as `../shared/datasets/pubtabnet` holds them.
///
/// ```swift
/// let tables = try TableManifest(contentsOf: "../shared/datasets/pubtabnet/manifest.jsonl")
/// for entry in tables.entries { print(entry.imagePath, entry.html.prefix(40)) }
/// ```
public struct TableManifest: Sendable {
    public struct Entry: Sendable, Hashable, Codable {
        /// The image's path: absolute, or relative to the working directory.
        public var imagePath: String
        /// The table's HTML, the truth.
        public var html: String

        public init(imagePath: String, html: String) {
            self.imagePath = imagePath
            self.html = html
        }
    }

    public var entries: [Entry]

    /// - Throws: ``OCRKit/OCRError`` naming the file when it cannot be read or a line is not an
    ///   object with `image` and `html`.
    public init(contentsOf path: String) throws {
        struct Line: Decodable {
            var image: String
            var html: String
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot read this manifest: \(error.localizedDescription)", underlyingError: error)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        entries = try text.split(separator: "\n").enumerated().compactMap { number, line in
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            guard let entry = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)) else {
                throw OCRError(.corrupt, path: path, reason: "line \(number + 1) is not an object with an image and its html")
            }
            return Entry(imagePath: TabSeparatedRows.path(Substring(entry.image), in: folder), html: entry.html)
        }
    }
}
