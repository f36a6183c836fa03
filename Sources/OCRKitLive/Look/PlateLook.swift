import OCRKit

/// What a frame shows of a plate around the text read from it: the blue band that tells a
/// European plate (down its left side) or a Mercosur plate (across its top) from others, or
/// where it shows none, the plate's proportions (``PlateProportions``).
///
/// A band is a run of deep blue beside the text, about as wide (or high) as a band is beside its
/// plate's letters, with something else on both sides of it within the window searched, and no
/// blue past the plate's ends. A blue car around a plate is blue past them and is not taken for
/// a band; a band the frame does not show clearly is not seen.
enum PlateLook {
    /// The family whose band `frame` shows beside the text at `box`, in the frame's pixels, or
    /// else whose proportions its plate has (``PlateProportions``); `nil` when it shows neither.
    static func family(around box: Rect, in frame: Bitmap) -> PlateFamily? {
        guard box.height >= minimumTextHeight else { return nil }
        return band(around: box, in: frame) ?? PlateProportions.family(around: box, in: frame)
    }

    /// The family whose band `frame` shows beside the text at `box`; `nil` when it shows none, or
    /// the frame is not in colour.
    static func band(around box: Rect, in frame: Bitmap) -> PlateFamily? {
        guard frame.layout == .rgb else { return nil }
        let colours = BlueCounter(frame: frame)
        // Blue letters (California's) would make their own strokes a band.
        guard !hasBlueText(colours, in: box) else { return nil }
        if hasBand(colours, across: box, along: .left) { return .european }
        if hasBand(colours, across: box, along: .top) { return .mercosur }
        return nil
    }

    /// Text lower than this many pixels shows too little of its plate to tell its family.
    static let minimumTextHeight = 10.0

    /// The side of the text a band stands on.
    private enum Side { case left, top }

    /// Whether a band of blue stands on `side` of the text at `box`.
    ///
    /// Sizes are in the box's heights, as an engine's detector gives it: a line's box is padded
    /// to about its plate's height, and may take in a European band (a third of that wide) or
    /// the top of a Mercosur band (a quarter of that high), so the window reaches into the box.
    private static func hasBand(_ colours: BlueCounter, across box: Rect, along side: Side) -> Bool {
        let height = box.height
        // The window searched, along the band's width (x for the left band, y for the top one),
        // and the stretch across it that is sampled (the letters' middle rows, or columns).
        let (window, across): (Range<Int>, Range<Int>) = switch side {
        case .left:
            (colours.columns(from: box.minX - 1.0 * height, to: box.minX + 0.5 * height),
             colours.rows(from: box.midY - 0.25 * height, to: box.midY + 0.25 * height))
        case .top:
            (colours.rows(from: box.minY - 0.8 * height, to: box.minY + 0.4 * height),
             colours.columns(from: box.minX + 0.15 * box.width, to: box.maxX - 0.15 * box.width))
        }
        guard window.count > 2, across.count > 2 else { return false }
        let shares = window.map { colours.share(at: $0, across: across, along: side == .left ? .column : .row) }
        let (narrowest, widest, nearest) = side == .left ? (0.12, 0.7, box.minX - 0.5 * height) : (0.08, 0.6, box.minY - 0.5 * height)
        let margin = max(1, Int((0.05 * height).rounded()))
        for run in runs(of: shares, atLeast: side == .left ? bandShare : topBandShare) {
            let width = Double(run.count)
            // Bounded on both sides within the window: not a blue car or sky running out of view.
            guard width >= narrowest * height, width <= widest * height, Double(window.lowerBound + run.upperBound) >= nearest,
                  run.lowerBound >= margin, run.upperBound < shares.count else { continue }
            let before = shares[(run.lowerBound - margin)..<run.lowerBound]
            let band = (window.lowerBound + run.lowerBound)..<(window.lowerBound + run.upperBound)
            if mean(before) < clearShare, endsWithItsPlate(band, colours, box: box, along: side) { return true }
        }
        return false
    }

    /// Whether the blue of `band` stops where its plate does: going out from the text along the
    /// band (up and down a left band, left and right along a top band), a stretch of lines that
    /// are not blue begins before the plate's end can be. The paint of a blue car around a plate
    /// runs on; a blue window further off, past the car's own paint, does not count.
    private static func endsWithItsPlate(_ band: Range<Int>, _ colours: BlueCounter, box: Rect, along side: Side) -> Bool {
        let height = box.height, stretch = max(2, Int((clearStretch * height).rounded()))
        let outwards: [[Int]] = switch side {
        case .left:
            [colours.rows(from: box.minY - (plateReach + clearStretch) * height, to: box.minY).reversed(),
             Array(colours.rows(from: box.maxY, to: box.maxY + (plateReach + clearStretch) * height))]
        case .top:
            [colours.columns(from: box.minX - (plateReach + clearStretch) * height, to: box.minX).reversed(),
             Array(colours.columns(from: box.maxX, to: box.maxX + (plateReach + clearStretch) * height))]
        }
        return outwards.allSatisfy { lines in
            // The frame's edge ends a plate too.
            guard lines.count > stretch else { return true }
            let shares = lines.map { colours.share(at: $0, across: band, along: side == .left ? .row : .column) }
            return (0...(shares.count - stretch)).contains { mean(shares[$0..<($0 + stretch)]) < clearShare }
        }
    }

    /// How far past the text's box, in its heights, a plate may reach: its edge is nearer.
    static let plateReach = 0.7
    /// How long, in the text's heights, the lines past a band's end must be clear of blue.
    static let clearStretch = 0.3

    /// Whether the text at `box` is itself blue: more than a few of its middle rows' pixels are.
    private static func hasBlueText(_ colours: BlueCounter, in box: Rect) -> Bool {
        let rows = colours.rows(from: box.midY - 0.15 * box.height, to: box.midY + 0.15 * box.height)
        let columns = colours.columns(from: box.minX + 0.5 * box.height, to: box.maxX - 0.1 * box.height)
        guard !rows.isEmpty, !columns.isEmpty else { return false }
        return mean(rows.map { colours.share(at: $0, across: columns, along: .row) }) > blueTextShare
    }

    /// The share of blue pixels in a text's middle above which its letters are blue.
    static let blueTextShare = 0.08

    /// The share of blue pixels that makes a column (or row) part of a band: its stars and
    /// letters take the rest.
    static let bandShare = 0.4
    /// The same across a Mercosur band, which is blue from end to end but for the country's name:
    /// US plates have bands of colour across their tops, of blue among others (Minnesota's).
    static let topBandShare = 0.6
    /// The share of blue beside a band, below which it is the plate's edge or background.
    static let clearShare = 0.2

    /// The mean of `shares`, which are not none.
    private static func mean(_ shares: some Collection<Double>) -> Double {
        shares.reduce(0, +) / Double(shares.count)
    }

    /// The runs of consecutive `shares` of at least `minimum`.
    private static func runs(of shares: [Double], atLeast minimum: Double) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int?
        for (index, share) in shares.enumerated() {
            if share >= minimum {
                if start == nil { start = index }
            } else if let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        if let first = start { runs.append(first..<shares.count) }
        return runs
    }
}

/// Counts a frame's blue pixels along its rows and columns.
private struct BlueCounter {
    enum Line { case row, column }

    let frame: Bitmap

    func columns(from start: Double, to end: Double) -> Range<Int> {
        Range(pixelsFrom: start, to: end, within: frame.width)
    }

    func rows(from start: Double, to end: Double) -> Range<Int> {
        Range(pixelsFrom: start, to: end, within: frame.height)
    }

    /// The share of blue pixels in column (or row) `index`, over `across`.
    func share(at index: Int, across: Range<Int>, along line: Line) -> Double {
        var blue = 0
        for other in across {
            let (x, y) = line == .column ? (index, other) : (other, index)
            let offset = (y * frame.width + x) * 3
            if Self.isBlue(red: frame.pixels[offset], green: frame.pixels[offset + 1], blue: frame.pixels[offset + 2]) { blue += 1 }
        }
        return Double(blue) / Double(across.count)
    }

    /// A plate band's blue, in light from dim to bright: blue well above red and above green,
    /// and deep: chrome and glass that mirror the sky are a paler blue.
    static func isBlue(red: UInt8, green: UInt8, blue: UInt8) -> Bool {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        return b >= 60 && b - r >= 40 && b - g >= 20 && 20 * (b - r) >= 7 * b
    }
}

extension Range<Int> {
    /// The pixels from `start` to `end` (in fractional pixels, rounded outwards) that lie within
    /// `0..<size`; empty where none do.
    init(pixelsFrom start: Double, to end: Double, within size: Int) {
        let lower = Swift.min(size, Swift.max(0, Int(start.rounded(.down))))
        let upper = Swift.min(size, Swift.max(0, Int(end.rounded(.up))))
        self = lower..<Swift.max(lower, upper)
    }
}
