import OCRKit

extension Bitmap {
    /// This bitmap in grey, for a grey image stored as RGB (the data set's black-and-white lines,
    /// `pdftoppm -gray`'s PNG pages): its first channel is the grey.
    public var grayByFirstChannel: Bitmap {
        guard layout != .gray else { return self }
        return Bitmap(width: width, height: height, layout: .gray,
                      pixels: stride(from: 0, to: pixels.count, by: layout.channels).map { pixels[$0] }, image: image)
    }
}
