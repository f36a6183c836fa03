/// Decoded pixels in memory, 8 bits a channel, rows top to bottom with no padding: what engines
/// read.
///
/// Images from files come from an ``ImageDecoder`` (libvips in `OCRKitImages`), already turned
/// the way their EXIF orientation says.
public struct Bitmap: Sendable {
    /// How a pixel's bytes are laid out.
    public enum Layout: Int, Sendable {
        /// One byte a pixel, black 0, white 255.
        case gray = 1
        /// Three bytes a pixel: red, green, blue.
        case rgb = 3

        public var channels: Int { rawValue }
    }

    public let width: Int
    public let height: Int
    public let layout: Layout
    /// `width * height * layout.channels` bytes.
    public let pixels: [UInt8]
    /// The image the pixels came from, as pages read from them name it (``Page/image``) and error
    /// messages do: usually a file's path, or a name for pixels made in memory.
    public var image: String
    /// Pixels per inch, when the file says so; engines use it to judge text size.
    public var resolution: Double?

    /// - Precondition: `pixels.count == width * height * layout.channels`.
    public init(width: Int, height: Int, layout: Layout, pixels: [UInt8], image: String, resolution: Double? = nil) {
        precondition(pixels.count == width * height * layout.channels, "Bitmap pixel count does not match its size")
        self.width = width
        self.height = height
        self.layout = layout
        self.pixels = pixels
        self.image = image
        self.resolution = resolution
    }

    public var bytesPerRow: Int { width * layout.channels }
}
