import OCRKit

/// Where words stand in one row, and where a row's words part into cells or columns: the rules by
/// which lines are rebuilt from words (``LayoutAnalyzer``) and tables are told and filled
/// (`OCRKitStructure`), written once here.
///
/// Gaps compare widths with heights: in the pixels of the image (a quad's bounding rectangle).
/// Two readings of one line, as two engines give them, are matched by another rule,
/// ``OCRKit/Line/isOnSameLine(as:)``: there the boxes overlap, here they stand side by side.
///
/// ```swift
/// let word = Rect(x: 100, y: 50, width: 60, height: 20), next = Rect(x: 170, y: 54, width: 40, height: 18)
/// print(Rows.areInOneRow(word, next, height: 20))   // true: their middles 3 pixels apart
/// print(Rows.areCellsApart(word, next))             // false: 10 pixels apart, a space
/// ```
public enum Rows {
    /// Whether two boxes stand in one row: their middles within half of `height` of each other
    /// up and down (a row's height, or the page's usual word height).
    public static func areInOneRow(_ first: Rect, _ second: Rect, height: Double) -> Bool {
        abs(first.midY - second.midY) < height / 2
    }

    /// The narrowest gap between the words of two cells side by side, in the taller word's
    /// height: a space is about a third of a (detector's, padded) word box's height; two cells
    /// of a price list were 0.9 apart.
    public static let cellGap = 0.6

    /// Whether `right`, after `left` in a row, stands a cell apart from it: further than
    /// ``cellGap`` of the taller one's height.
    public static func areCellsApart(_ left: Rect, _ right: Rect) -> Bool {
        right.minX - left.maxX > cellGap * max(left.height, right.height)
    }

    /// The narrowest gutter between the columns of a table, in the row's tallest word's height,
    /// where whether a region's words stand in a table at all is judged (`TableLikeness` in
    /// `OCRKitStructure`): wider than ``cellGap``, for there the words may be prose or a
    /// receipt's. At ``cellGap`` the item lines of 5 of the first 8 SROIE receipts read by
    /// PP-OCR, and of 13 of the first 20 read by Tesseract, were taken for tables (0 at this gap).
    public static let columnGap = 1.0

    /// How many columns a row's boxes stand in: the runs they make left to right, split where a
    /// gap is wider than ``columnGap`` of the row's tallest box (``gutters(of:)``).
    public static func columnCount(of row: [Rect]) -> Int {
        gutters(of: row).count + 1
    }

    /// The gaps between a row's columns, left to right: from one run's right edge to the next
    /// run's left, where the gap is wider than ``columnGap`` of the row's tallest box.
    public static func gutters(of row: [Rect]) -> [ClosedRange<Double>] {
        let sorted = row.sorted { $0.minX < $1.minX }
        let height = row.map(\.height).max() ?? 0
        var gutters: [ClosedRange<Double>] = [], right = sorted.first?.maxX ?? 0
        for box in sorted.dropFirst() {
            if box.minX - right > columnGap * height { gutters.append(right...box.minX) }
            right = max(right, box.maxX)
        }
        return gutters
    }

    /// The items of one row left to right, in runs split where two neighbours are cells apart
    /// (``areCellsApart(_:_:)``); `box` gives an item's box in pixels.
    public static func runs<Item>(of items: [Item], box: (Item) -> Rect) -> [[Item]] {
        var runs: [[Item]] = []
        for item in items.sorted(by: { box($0).minX < box($1).minX }) {
            if let last = runs.last?.last, !areCellsApart(box(last), box(item)) {
                runs[runs.count - 1].append(item)
            } else {
                runs.append([item])
            }
        }
        return runs
    }
}
