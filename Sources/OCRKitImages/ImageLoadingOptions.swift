/// Limits and scaling for decoding images.
///
/// ```swift
/// var options = ImageLoadingOptions()
/// options.maximumSide = 2048               // downscale phone photos for speed
/// options.maximumPixelCount = 50_000_000   // refuse anything over 50 megapixels
/// let loader = ImageLoader(options: options)
/// ```
public struct ImageLoadingOptions: Hashable, Sendable, Codable {
    /// Images with more pixels than this are refused before they are decoded, so that a small
    /// file that unpacks to gigabytes (a decompression bomb) cannot exhaust memory. The default,
    /// 150 megapixels, admits an A3 page scanned at 1200 dpi.
    public var maximumPixelCount: Int
    /// When set, images whose longer side is larger are downscaled to it while decoding
    /// (cheaply: JPEG and WebP shrink on load). Smaller images are never enlarged.
    public var maximumSide: Int?
    /// Images with a side shorter than this many pixels are refused as holding no readable text.
    public var minimumSide: Int

    public init(maximumPixelCount: Int = 150_000_000, maximumSide: Int? = nil, minimumSide: Int = 8) {
        self.maximumPixelCount = maximumPixelCount
        self.maximumSide = maximumSide
        self.minimumSide = minimumSide
    }
}
