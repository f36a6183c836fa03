/// Reading again only the lines an engine doubts: on a clean scan where Tesseract is sure of
/// most lines, PP-OCR reads the bands around the others rather than the whole page.
extension LineCombiningEngine {
    /// The largest share of the page the doubtful bands may cover: beyond it, reading the whole
    /// page costs the primary little more, and sees the page whole.
    public static let doubtfulBandShare = 0.4

    /// The bands of the page, as fractions of it, around the lines of `page` (the secondary's)
    /// that the secondary is not sure of; `nil` when the primary should read the whole page: the
    /// secondary may not rely on being sure, has lines it is unsure of over much of the page,
    /// or left ink outside its lines (text it did not see).
    func doubtfulBands(of page: Page, in bitmap: Bitmap) -> [Rect]? {
        guard let threshold = secondary.sureLineThreshold, !page.lines.isEmpty else { return nil }
        let margins = page.lines.map(Self.margin(around:))
        guard bitmap.inkShare(outside: margins) <= Self.unreadInkAllowance else { return nil }
        var bands: [Rect] = []
        for (line, margin) in zip(page.lines, margins) where secondary.calibration.probability(of: [line]) < threshold {
            // Across the page: the primary's lines may run further than the secondary's.
            var band = Rect(x: 0, y: max(0, margin.minY), width: 1, height: min(1, margin.maxY) - max(0, margin.minY))
            while let overlapping = bands.firstIndex(where: { $0.intersection(band).map { $0.height > 0 } ?? false }) {
                band = band.union(bands.remove(at: overlapping))
            }
            bands.append(band)
        }
        let covered = bands.reduce(0) { $0 + $1.height }
        return covered <= Self.doubtfulBandShare ? bands.sorted { $0.minY < $1.minY } : nil
    }

    /// Around a line, room for the marks of its letters a tight box leaves out.
    static func margin(around line: Line) -> Rect {
        line.box.insetBy(dx: -line.box.height, dy: -line.box.height / 4)
    }

    /// The secondary's `page` in its own order and paragraphs, with each place where the primary
    /// read `lines` (in the doubtful bands) decided as ``combine(_:_:)`` decides, but for lines
    /// the secondary is sure of: the likelier reading kept where it stands, a line the primary
    /// alone saw placed before the first line below it.
    func settling(_ page: Page, with lines: [Line]) -> Page {
        var replacement: [Int: [Line]] = [:], removed: Set<Int> = [], before: [Int: [Line]] = [:], after: [Line] = []
        let isSure = { (line: Line) in self.secondary.calibration.probability(of: [line]) >= (self.secondary.sureLineThreshold ?? 1) }
        for region in LineRegion.matching(lines, page.lines) where !region.first.isEmpty {
            let read = region.first.map { lines[$0] }, others = region.second.map { page.lines[$0] }
            // A band's edge may cut through a line the secondary is sure of: that line stands.
            if !others.isEmpty && others.allSatisfy(isSure) { continue }
            let kept = decide(read, others)
            guard let first = region.second.first else {
                guard !kept.isEmpty else { continue }
                if let below = page.lines.indices.first(where: { page.lines[$0].box.minY > kept[0].box.minY }) {
                    before[below, default: []] += kept
                } else {
                    after += kept
                }
                continue
            }
            replacement[first] = kept
            removed.formUnion(region.second.dropFirst())
        }
        var index = 0
        var layout = page.layout.map { block in
            block.map { paragraph in
                paragraph.flatMap { line -> [Line] in
                    defer { index += 1 }
                    guard !removed.contains(index) else { return before[index] ?? [] }
                    return (before[index] ?? []) + (replacement[index] ?? [line])
                }
            }
        }
        if !after.isEmpty { layout.append([after]) }
        var settled = page.replacingLayout(layout)
        settled.engine = info
        return settled
    }
}
