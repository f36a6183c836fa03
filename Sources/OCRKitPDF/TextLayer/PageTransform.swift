import OCRKit

/// Where a page's pixels fall on a PDF page: from a point of the image read (pixels, origin top
/// left, y down) to the PDF's user space (points, origin bottom left, y up), through the page's
/// visible box and its rotation.
///
/// ```swift
/// let transform = PageTransform(box: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0,
///                               imageWidth: 2550, imageHeight: 3300)
/// let corner = transform.apply(Point(x: 0, y: 0))   // (0, 792): the top left
/// ```
struct PageTransform: Hashable, Sendable {
    /// user = (a·x + c·y + e, b·x + d·y + f), as PDF writes a matrix.
    var a, b, c, d, e, f: Double

    /// - Parameters:
    ///   - box: the page's visible box in user space (its crop box), origin bottom left.
    ///   - rotation: the page's `/Rotate`, clockwise degrees: how a viewer turns it to show it.
    ///   - imageWidth, imageHeight: the size of the image read, which showed the page as a
    ///     viewer does: the box, turned.
    init(box: Rect, rotation: Int, imageWidth: Int, imageHeight: Int) {
        let width = Double(max(1, imageWidth)), height = Double(max(1, imageHeight))
        let x0 = box.minX, y0 = box.minY, x1 = box.maxX, y1 = box.maxY
        let w = box.width, h = box.height
        switch ((rotation % 360) + 360) % 360 {
        case 90:    // the image's top left is the box's bottom left; right is up, down is right
            (a, b, c, d, e, f) = (0, h / width, w / height, 0, x0, y0)
        case 180:
            (a, b, c, d, e, f) = (-w / width, 0, 0, h / height, x1, y0)
        case 270:
            (a, b, c, d, e, f) = (0, -h / width, -w / height, 0, x1, y1)
        default:
            (a, b, c, d, e, f) = (w / width, 0, 0, -h / height, x0, y1)
        }
    }

    func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f)
    }
}
