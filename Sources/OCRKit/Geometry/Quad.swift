/// Four corners of a possibly rotated or skewed region, in pixels, clockwise from the top left
/// of the text as it reads.
///
/// Engines that find rotated text (PP-OCR's detector, for instance) fill all four corners;
/// for axis-aligned engines the quad is the box's corners. JSON writes it as
/// `[[x, y], [x, y], [x, y], [x, y]]`.
public struct Quad: Hashable, Sendable {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The axis-aligned rectangle that holds the quad.
    public var boundingRect: Rect { Rect(enclosing: corners) }

    /// This quad with `transform` applied to each corner: scaled, moved, turned.
    ///
    /// ```swift
    /// let onPage = inCrop.map { Point(x: $0.x + crop.minX, y: $0.y + crop.minY) }
    /// ```
    public func map(_ transform: (Point) -> Point) -> Quad {
        Quad(topLeft: transform(topLeft), topRight: transform(topRight),
             bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }

    /// The same region, its corners named as if its content were turned counter-clockwise by
    /// `quarterTurns` quarter turns: a line of text running down the page reads as usual after one
    /// turn, an upside-down line after two.
    ///
    /// ```swift
    /// let column = Quad(topLeft: Point(x: 10, y: 0), topRight: Point(x: 40, y: 0),
///                   bottomRight: Point(x: 40, y: 300), bottomLeft: Point(x: 10, y: 300))
///                                       // taller than wide, its characters stacked downwards
    /// let line = column.turned(1)           // its top edge now runs down the column's right side
    /// ```
    public func turned(_ quarterTurns: Int) -> Quad {
        let corners = corners
        let shift = ((quarterTurns % 4) + 4) % 4
        return Quad(topLeft: corners[shift], topRight: corners[(shift + 1) % 4],
                    bottomRight: corners[(shift + 2) % 4], bottomLeft: corners[(shift + 3) % 4])
    }
}

extension Quad: Codable {
    public init(from decoder: any Decoder) throws {
        let corners = try decoder.singleValueContainer().decode([Point].self)
        guard corners.count == 4 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "A quad has 4 corners, found \(corners.count)"))
        }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(corners)
    }
}
