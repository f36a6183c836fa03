import Foundation
import OCRKit

/// The page turned so that text reads left to right and top to bottom: the dominant angle of its
/// lines undone, and vertical text (CJK columns, read top to bottom and right to left) turned a
/// quarter, so that the layout rules deal with one direction only.
struct ReadingFrame {
    /// The lines' dominant angle, in radians, clockwise.
    let angle: Double
    /// Whether most lines run top to bottom.
    let isVertical: Bool

    /// The frame of text elements with these quads.
    init(quads: [Quad]) {
        let angles = quads.map { atan2($0.topRight.y - $0.topLeft.y, $0.topRight.x - $0.topLeft.x) }
        let angle = angles.median ?? 0
        self.angle = angle
        let upright = quads.map { Self.rotate($0.corners, by: -angle) }.map(Rect.init(enclosing:))
        isVertical = upright.filter { $0.height > 1.5 * $0.width }.count * 2 > upright.count
    }

    /// Where `quad` lies in this frame.
    func rect(of quad: Quad) -> Rect {
        var points = Self.rotate(quad.corners, by: -angle)
        if isVertical {
            // Top to bottom becomes left to right; right to left becomes top to bottom.
            points = points.map { Point(x: $0.y, y: -$0.x) }
        }
        return Rect(enclosing: points)
    }

    /// The page quad of a rectangle in this frame: its corners turned back onto the page.
    func quad(of rect: Rect) -> Quad {
        rect.quad.map { corner in
            Self.rotate([isVertical ? Point(x: -corner.y, y: corner.x) : corner], by: angle)[0]
        }
    }

    private static func rotate(_ points: [Point], by angle: Double) -> [Point] {
        let cosine = cos(angle), sine = sin(angle)
        return points.map { Point(x: $0.x * cosine - $0.y * sine, y: $0.x * sine + $0.y * cosine) }
    }
}
