import OCRKit

/// The reading order of a page's regions (a title, columns of text, a table), by the same
/// recursive XY-cut that orders lines (``XYCut``), for a structure reader that found them.
package struct RegionOrder {
    /// The page's median line height, in the units of the boxes ordered.
    package var lineHeight: Double
    package var options = LayoutOptions()

    package init(lineHeight: Double) {
        self.lineHeight = lineHeight
    }

    /// The indices of `rects` in reading order; `words` says how much text each holds.
    package func order(_ rects: [Rect], words: [Int]) -> [Int] {
        let items = rects.indices.map { XYCut.Item(index: $0, rect: rects[$0], words: words[$0]) }
        return XYCut(lineHeight: max(lineHeight, 1), options: options).blocks(items).flatMap { $0.map(\.index) }
    }
}
