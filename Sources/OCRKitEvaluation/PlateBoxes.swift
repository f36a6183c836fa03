import Foundation
import OCRKit

/// Where each number plate is in a data set's photos: `boxes.tsv` beside the manifest, one
/// `image<TAB>region<TAB>x<TAB>y<TAB>w<TAB>h<TAB>plate` a line, in pixels, paths absolute or
/// relative to the file's folder.
///
/// ```swift
/// let boxes = try PlateBoxes(contentsOf: "../shared/datasets/openalpr_plates/boxes.tsv")
/// for entry in boxes.entries { print(entry.imagePath, entry.box, entry.plate) }
/// ```
public struct PlateBoxes: Sendable {
    public struct Entry: Sendable, Hashable {
        public var imagePath: String
        /// Where the plate is from, as the data set names it (`us`, `eu`).
        public var region: String
        /// In the image's pixels.
        public var box: Rect
        public var plate: String
    }

    public var entries: [Entry]

    /// - Throws: ``OCRError`` naming the file when it cannot be read or a line is malformed.
    public init(contentsOf path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        entries = try TabSeparatedRows.read(path, describedAs: "plate boxes").map { number, fields in
            let numbers = fields.dropFirst(2).prefix(4).compactMap { Double($0) }
            guard fields.count == 7, numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                throw OCRError(.corrupt, path: path, reason: "line \(number) is not image, region, x, y, w, h, plate")
            }
            return Entry(imagePath: TabSeparatedRows.path(fields[0], in: folder), region: String(fields[1]),
                         box: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
                         plate: String(fields[6]))
        }
    }
}
