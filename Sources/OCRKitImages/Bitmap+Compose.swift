import OCRKit

extension Bitmap {
    /// A white gray page of `width` x `height` pixels with gray `parts` placed at their top-left
    /// corners, clipped to the page: pages of known layout, for tests and benchmarks.
    ///
    /// ```swift
    /// let page = Bitmap.page(width: 2000, height: 1200, placing: [(title, 40, 20), (column, 40, 200)])
    /// ```
    public static func page(width: Int, height: Int, placing parts: [(bitmap: Bitmap, x: Int, y: Int)],
                            resolution: Double? = 300) -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for part in parts {
            precondition(part.bitmap.layout == .gray, "Only gray bitmaps can be placed on a page")
            for row in 0..<part.bitmap.height where part.y + row >= 0 && part.y + row < height {
                for column in 0..<part.bitmap.width where part.x + column >= 0 && part.x + column < width {
                    pixels[(part.y + row) * width + part.x + column] = part.bitmap.pixels[row * part.bitmap.width + column]
                }
            }
        }
        return Bitmap(width: width, height: height, layout: .gray, pixels: pixels, source: "composed page",
                      resolution: resolution)
    }
}
