import OCRKit

extension Bitmap {
    /// The bitmap in RGB: gray levels copied to the three channels.
    var rgb: Bitmap {
        guard layout == .gray else { return self }
        return Bitmap(width: width, height: height, layout: .rgb, pixels: pixels.flatMap { [$0, $0, $0] },
                      image: image, resolution: resolution)
    }
}
