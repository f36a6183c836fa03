import Foundation

/// One of the two parts a data set is split into: one to tune on, one to report and never look
/// at. An example's part follows from its file's name alone (a hash that is the same on every
/// run and machine), so each country, source or kind of photo falls about half in each, and an
/// example added to the set leaves the others where they were.
///
/// ```swift
/// let boxes = try PlateBoxes(contentsOf: "../shared/datasets/openalpr_plates/boxes.tsv")
/// let tuning = boxes.entries.filter { DataSetPart(of: $0.imagePath) == .tuning }
/// print(tuning.count)   // 109
/// ```
public enum DataSetPart: String, Sendable, CaseIterable {
    case tuning
    case heldOut = "held-out"

    /// The part of the example whose file is at `path`, by its file's name.
    public init(of path: String) {
        self = StableHash.of(URL(fileURLWithPath: path).lastPathComponent) % 2 == 0 ? .tuning : .heldOut
    }
}

/// FNV-1a: a hash that stays the same from run to run, unlike Swift's `Hasher`.
enum StableHash {
    static func of(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
