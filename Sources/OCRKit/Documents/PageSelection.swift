import Foundation

/// Which pages of a document to read, as people write them: `1-3,7`, `5-` (5 to the end).
///
/// ```swift
/// let selection = try PageSelection("1-3,7")
/// let numbers = try selection.numbers(of: 10, in: "scan.pdf")   // [1, 2, 3, 7]
/// ```
public struct PageSelection: Hashable, Sendable, CustomStringConvertible {
    /// Every page.
    public static let all = PageSelection(ranges: [1...Int.max])

    /// The ranges chosen, in the order written.
    public var ranges: [ClosedRange<Int>]

    public init(ranges: [ClosedRange<Int>]) {
        self.ranges = ranges
    }

    /// Reads `1-3,7` and `5-`; spaces are allowed around the parts.
    ///
    /// - Throws: ``OCRError/Code/invalidOption`` naming the part that is not a page or range.
    public init(_ text: String) throws {
        var ranges: [ClosedRange<Int>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let first = Int(bounds[0])
            let last = bounds.count == 1 ? first : bounds[1].isEmpty ? Int.max : Int(bounds[1])
            guard let first, let last, first >= 1, first <= last else {
                throw OCRError(.invalidOption, reason: "\"\(part)\" is not a page or a range of pages (write 1-3,7 or 5-)")
            }
            ranges.append(first...last)
        }
        self.init(ranges: ranges)
    }

    /// The pages chosen of a document of `count` pages, in order, each once.
    ///
    /// - Throws: ``OCRError/Code/invalidOption`` naming `path` when a page chosen is past its
    ///   last, so that a mistyped range is not mistaken for a short document.
    public func numbers(of count: Int, in path: String) throws -> [Int] {
        if let past = ranges.first(where: { $0.lowerBound > count || ($0.upperBound != .max && $0.upperBound > count) }) {
            let asked = past.upperBound == .max ? past.lowerBound : past.upperBound
            throw OCRError(.invalidOption, path: path,
                           reason: "has \(count) page\(count == 1 ? "" : "s"), and page \(asked) was asked for")
        }
        return (1...max(1, count)).filter { number in number <= count && ranges.contains { $0.contains(number) } }
    }

    public var description: String {
        ranges.map { range in
            range.upperBound == .max ? "\(range.lowerBound)-"
                : range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
        }.joined(separator: ",")
    }
}

/// What to do with the pages of a document that already hold text (``FilePage/text``).
public enum PagesWithText: String, Hashable, Sendable, CaseIterable {
    /// Read only pages without text; keep the others as they are. A page's earlier OCR layer
    /// counts as text: reading it again is ``redo``.
    case skip
    /// Read pages again whose text is an earlier OCR layer, replacing that layer; skip pages of
    /// native text.
    case redo
    /// Read every page, whatever it holds.
    case force

    /// Whether a page holding `text` is read.
    public func reads(_ text: FilePage.Text) -> Bool {
        switch (self, text) {
        case (_, .none), (.force, _), (.redo, .ocrLayer): true
        default: false
        }
    }
}
