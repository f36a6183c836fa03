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
        let blank = Bitmap(width: width, height: height, layout: .gray, pixels: [UInt8](repeating: 255, count: width * height),
                           image: "composed page", resolution: resolution)
        return parts.reduce(blank) { $0.placing($1.bitmap, x: $1.x, y: $1.y) }
    }
}
