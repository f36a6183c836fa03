import Foundation
import OCRKit

extension Quad {
    /// The length of the top edge: a line's width along its text.
    var topEdgeLength: Double { hypot(topRight.x - topLeft.x, topRight.y - topLeft.y) }
    /// The length of the left edge: a line's height across its text.
    var leftEdgeLength: Double { hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y) }
}
