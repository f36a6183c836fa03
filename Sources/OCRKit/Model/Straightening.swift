/// How a photo was straightened before it was read: the page found in it, its light evened out,
/// the tilt taken out and the quarter turns that set its text upright, in the order they were
/// applied.
///
/// A ``Page`` read with ``RecognitionOptions/straightensPage`` carries one, and its boxes refer to
/// the straightened image, not the photo. The straightening is recorded in full so that the straightened
/// image can be made again from the photo (``ImageStraightener/apply(_:to:)``), for a searchable
/// PDF for instance.
///
/// ```swift
/// let page = try await reader.read("Samples/receipt.jpg", options: RecognitionOptions(straightensPage: true))
/// if let corners = page.straightening?.corners {
///     print("page found at", corners.corners, "confidence", page.straightening!.pageConfidence)
/// }
/// ```
public struct Straightening: Hashable, Sendable {
    /// The width of the image the straightening was found in: the decoded photo.
    public var imageWidth: Int
    /// The height of the image the straightening was found in.
    public var imageHeight: Int
    /// The corners of the region of that image that was flattened, clockwise from the top left as
    /// the photo shows it: the page found, perhaps trimmed by a pixel or two; `nil` when no page
    /// was found and the whole image was used.
    public var corners: Quad?
    /// How sure the detector is of ``corners``, from 0 to 1; 0 when none were found.
    public var pageConfidence: Double
    /// Whether the light was evened out across the page: shadows and gradients made white.
    public var evensLighting: Bool
    /// How many degrees the lines of text were tilted counter-clockwise; the image was turned
    /// back by as much.
    public var skewDegrees: Double
    /// Quarter turns clockwise that set the text upright, from 0 to 3.
    public var quarterTurns: Int
    /// How sure the orientation detector was of ``quarterTurns``; `nil` when it could not tell,
    /// and the image was left as it was.
    public var orientationConfidence: Double?

    public init(
        imageWidth: Int, imageHeight: Int, corners: Quad? = nil, pageConfidence: Double = 0, evensLighting: Bool = false,
        skewDegrees: Double = 0, quarterTurns: Int = 0, orientationConfidence: Double? = nil
    ) {
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.corners = corners
        self.pageConfidence = pageConfidence
        self.evensLighting = evensLighting
        self.skewDegrees = skewDegrees
        self.quarterTurns = quarterTurns
        self.orientationConfidence = orientationConfidence
    }

    /// Whether a page was found in the photo; when not, the whole image was read as it was found
    /// (deskewed and turned upright all the same).
    public var foundPage: Bool { corners != nil }
}

extension Straightening: Codable {
    private enum CodingKeys: String, CodingKey {
        case imageWidth, imageHeight, foundPage, corners, pageConfidence, evensLighting, skewDegrees, quarterTurns
        case orientationConfidence
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imageWidth = try container.decode(Int.self, forKey: .imageWidth)
        imageHeight = try container.decode(Int.self, forKey: .imageHeight)
        corners = try container.decodeIfPresent(Quad.self, forKey: .corners)
        pageConfidence = try container.decode(Double.self, forKey: .pageConfidence)
        evensLighting = try container.decode(Bool.self, forKey: .evensLighting)
        skewDegrees = try container.decode(Double.self, forKey: .skewDegrees)
        quarterTurns = try container.decode(Int.self, forKey: .quarterTurns)
        orientationConfidence = try container.decodeIfPresent(Double.self, forKey: .orientationConfidence)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imageWidth, forKey: .imageWidth)
        try container.encode(imageHeight, forKey: .imageHeight)
        // Written out, so that readers of the JSON need not know that no corners means no page.
        try container.encode(foundPage, forKey: .foundPage)
        try container.encodeIfPresent(corners, forKey: .corners)
        try container.encode(pageConfidence, forKey: .pageConfidence)
        try container.encode(evensLighting, forKey: .evensLighting)
        try container.encode(skewDegrees, forKey: .skewDegrees)
        try container.encode(quarterTurns, forKey: .quarterTurns)
        try container.encodeIfPresent(orientationConfidence, forKey: .orientationConfidence)
    }
}
