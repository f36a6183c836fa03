/// Limits on the images a loader accepts.
///
/// ```swift
/// let loader = ImageLoader(options: ImageLoadingOptions(maximumPixelCount: 50_000_000))
/// ```
public struct ImageLoadingOptions: Hashable, Sendable, Codable {
    /// Images with more pixels than this are refused before they are decoded, so that a small
    /// file that unpacks to gigabytes (a decompression bomb) cannot exhaust memory. The default,
    /// 150 megapixels, admits an A3 page scanned at 1200 dpi.
    public var maximumPixelCount: Int
    /// Images with a side shorter than this many pixels are refused as holding no readable text.
    public var minimumSide: Int

    public init(maximumPixelCount: Int = 150_000_000, minimumSide: Int = 8) {
        self.maximumPixelCount = maximumPixelCount
        self.minimumSide = minimumSide
    }
}
