import OCRKit

/// How wide a plate's text is against the plate's height, around the text read from it: a
/// European plate is 4.7 times as wide as it is high (520 x 110 mm), a US plate 2 (12 x 6
/// inches), and their text spans most of that width.
///
/// A plate as wide as a European one is ``PlateFamily/wide``, not European: a US plate whose
/// state's colours end its background soon comes near, and a European plate is told by its band
/// (``PlateLook``).
///
/// The plate's height is found from the text's middle, up and down to the first row where the
/// plate's background stops: its frame, or the car around it. A plate on a car as light as
/// itself shows no edge within reach and tells nothing, nor does a plate lighter text is written
/// on (its background is dark).
enum PlateProportions {
    /// The family whose proportions the plate around the text at `box` (in the frame's pixels)
    /// has; `nil` when its edges are not found, or it stands between the families.
    static func family(around box: Rect, in frame: Bitmap) -> PlateFamily? {
        guard let height = plateHeight(around: box, in: frame) else { return nil }
        let ratio = box.width / height
        if ratio >= wideRatio { return .wide }
        if ratio <= usRatio { return .us }
        return nil
    }

    /// The text's width in plate heights from which a plate is as wide as a European one: its
    /// text about 4.2 past a band; US plates of 7 characters came to 3.2 at most on the data set's
    /// first half.
    static let wideRatio = 3.6
    /// The same up to which a plate is a US one: its text about 1.7 where its edges are found,
    /// 2.5 to 3 where the state's colours or name end its background sooner; a Mercosur plate's
    /// about 3.
    static let usRatio = 2.4

    /// The plate's height around the text at `box`, in pixels: the rows between the first rows
    /// above and below the text's middle where less than `edgeShare` of the text's width is as
    /// light as the plate's background.
    static func plateHeight(around box: Rect, in frame: Bitmap) -> Double? {
        let light = Lightness(frame: frame)
        let columns = Range(pixelsFrom: box.minX + 0.1 * box.width, to: box.maxX - 0.1 * box.width, within: frame.width)
        let middle = Range(pixelsFrom: box.midY - 0.3 * box.height, to: box.midY + 0.3 * box.height, within: frame.height)
        guard columns.count >= 4, middle.count >= 2 else { return nil }
        // The background between the letters: the lighter part of the text's middle.
        let values = middle.flatMap { y in columns.map { x in light.at(x, y) } }.sorted()
        let background = values[values.count * 4 / 5]
        guard background >= minimumBackground else { return nil }
        let threshold = Int(Double(background) * backgroundShare)
        func isEdge(_ y: Int) -> Bool {
            let lit = columns.count { light.at($0, y) >= threshold }
            return Double(lit) < edgeShare * Double(columns.count)
        }
        let reach = Int((reachHeights * box.height).rounded(.up)), centre = Int(box.midY)
        // A box an engine padded past the frame's edge may have its middle outside it.
        guard (0..<frame.height).contains(centre), let top = (max(0, centre - reach)...centre).reversed().first(where: isEdge),
              let bottom = (centre...min(frame.height - 1, centre + reach)).first(where: isEdge),
              top > centre - reach, bottom < centre + reach else { return nil }
        let height = Double(bottom - top - 1)
        // Edges found within the letters are a dark stroke's, not the plate's.
        return height >= minimumHeight * box.height ? height : nil
    }

    /// The lowest plate, in the heights of the text's box: an engine's box takes in about its
    /// letters' height and little more.
    static let minimumHeight = 0.6
    /// The darkest background a plate of dark letters has, in the frame's light (0 to 255).
    static let minimumBackground = 90
    /// A pixel is the plate's background when at least this share of the background's light.
    static let backgroundShare = 0.7
    /// A row is past the plate's edge when less than this share of it is background: the rows
    /// through the letters keep their gaps and counters.
    static let edgeShare = 0.2
    /// How far from the text's middle an edge is looked for, in the text box's heights: a US
    /// plate's edges are about 0.9 away, its letters half its height.
    static let reachHeights = 1.5
}

/// A frame's light at a pixel, gray or colour.
private struct Lightness {
    let frame: Bitmap

    func at(_ x: Int, _ y: Int) -> Int {
        let offset = (y * frame.width + x) * frame.layout.channels
        guard frame.layout == .rgb else { return Int(frame.pixels[offset]) }
        // Rec. 601 luma, in integers.
        return (299 * Int(frame.pixels[offset]) + 587 * Int(frame.pixels[offset + 1]) + 114 * Int(frame.pixels[offset + 2])) / 1000
    }
}
