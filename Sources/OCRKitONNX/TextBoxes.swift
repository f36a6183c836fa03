import Foundation
import OCRKit

/// Text boxes from a DB text detector's probability map (PP-OCR's `det`), as PaddleOCR finds
/// them: the map thresholded, each connected region's minimum-area rectangle kept when the
/// region is confident enough, then grown ("unclipped") by its area times a ratio over its
/// perimeter, since DB is trained to predict shrunken text regions.
struct TextBoxes: Sendable {
    /// Pixels whose probability is at least this are text.
    var threshold: Float = 0.3
    /// Regions whose mean probability inside their box is below this are dropped.
    var minimumScore: Float = 0.5
    /// How much boxes grow: by area × ratio / perimeter on every side.
    var unclipRatio = 1.6
    /// Boxes with a side shorter than this, in map pixels, are dropped.
    var minimumSide = 3.0
    /// The most regions considered, largest first.
    var maximumCandidates = 1000
    /// Grow the thresholded map by a pixel right and down before finding regions (a 2 x 2
    /// dilation), as RapidOCR configures PP-OCRv4: boxes then match its boxes.
    var dilates = true

    init() {}

    /// A detected box: its corners in map pixels, clockwise from the top left, and its score.
    struct Box: Sendable, Equatable {
        var quad: Quad
        var score: Float
    }

    /// The boxes of a `width` x `height` probability map, in map pixels.
    func boxes(in map: UnsafeBufferPointer<Float>, width: Int, height: Int) -> [Box] {
        precondition(map.count == width * height, "The map must have width x height values")
        var boxes: [Box] = []
        for region in regions(in: map, width: width, height: height).prefix(maximumCandidates) {
            let hull = ConvexHull.of(region.boundary)
            guard let rectangle = RotatedRectangle.minimumArea(around: hull),
                  min(rectangle.width, rectangle.height) >= minimumSide else { continue }
            let score = meanProbability(inside: rectangle.quad, map: map, width: width, height: height)
            guard score >= minimumScore else { continue }
            let distance = rectangle.area * unclipRatio / rectangle.perimeter
            let grown = rectangle.grown(by: distance)
            guard min(grown.width, grown.height) >= minimumSide + 2 else { continue }
            let inside = grown.quad.map { Point(x: min(max($0.x, 0), Double(width)), y: min(max($0.y, 0), Double(height))) }
            boxes.append(Box(quad: inside, score: score))
        }
        return boxes
    }

    /// Which pixels are text: over the threshold, or next to one (left or above) when dilating.
    private func textPixels(in map: UnsafeBufferPointer<Float>, width: Int, height: Int) -> [Bool] {
        let over = map.map { $0 >= threshold }
        guard dilates else { return over }
        var text = over
        for y in 0..<height {
            for x in 0..<width where !over[y * width + x] {
                text[y * width + x] = (x > 0 && over[y * width + x - 1]) || (y > 0 && over[(y - 1) * width + x])
                    || (x > 0 && y > 0 && over[(y - 1) * width + x - 1])
            }
        }
        return text
    }

    /// 8-connected regions of text pixels, largest first, each with its boundary pixels' centres.
    private func regions(in map: UnsafeBufferPointer<Float>, width: Int, height: Int) -> [(size: Int, boundary: [Point])] {
        let isText = textPixels(in: map, width: width, height: height)
        var label = [Int32](repeating: -1, count: map.count)
        var found: [(size: Int, boundary: [Point])] = []
        var stack: [Int] = []
        for start in map.indices where isText[start] && label[start] < 0 {
            let id = Int32(found.count)
            var size = 0
            var boundary: [Point] = []
            label[start] = id
            stack.append(start)
            while let index = stack.popLast() {
                size += 1
                let x = index % width, y = index / width
                var isBoundary = x == 0 || y == 0 || x == width - 1 || y == height - 1
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let neighbour = ny * width + nx
                        if !isText[neighbour] {
                            if dx == 0 || dy == 0 { isBoundary = true }
                        } else if label[neighbour] < 0 {
                            label[neighbour] = id
                            stack.append(neighbour)
                        }
                    }
                }
                if isBoundary { boundary.append(Point(x: Double(x), y: Double(y))) }
            }
            found.append((size, boundary))
        }
        return found.sorted { $0.size > $1.size }
    }

    /// The mean probability of the map's pixels whose centres lie inside the quad.
    private func meanProbability(inside quad: Quad, map: UnsafeBufferPointer<Float>, width: Int, height: Int) -> Float {
        let bounds = quad.boundingRect
        let minX = max(0, Int(bounds.minX.rounded(.down))), maxX = min(width - 1, Int(bounds.maxX.rounded(.up)))
        let minY = max(0, Int(bounds.minY.rounded(.down))), maxY = min(height - 1, Int(bounds.maxY.rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return 0 }
        var sum: Float = 0
        var count = 0
        for y in minY...maxY {
            for x in minX...maxX where quad.contains(Point(x: Double(x), y: Double(y))) {
                sum += map[y * width + x]
                count += 1
            }
        }
        return count == 0 ? 0 : sum / Float(count)
    }
}

/// Andrew's monotone chain.
enum ConvexHull {
    static func of(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for point in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
            lower.append(point)
        }
        for point in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
            upper.append(point)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}

/// A rectangle at an angle: its centre, its sides, and the direction of its `width` side.
struct RotatedRectangle {
    var center: Point
    var width: Double
    var height: Double
    /// The angle of the `width` side, in radians.
    var angle: Double

    var area: Double { width * height }
    var perimeter: Double { 2 * (width + height) }

    /// The smallest rectangle holding the convex polygon `hull`, by rotating calipers: one of its
    /// sides lies along an edge of the hull. Measured between pixel coordinates, as OpenCV's
    /// minAreaRect does, so that boxes match PaddleOCR's.
    static func minimumArea(around hull: [Point]) -> RotatedRectangle? {
        guard !hull.isEmpty else { return nil }
        var best: RotatedRectangle?
        let edges = hull.count == 1 ? [0.0] : hull.indices.map { index -> Double in
            let next = hull[(index + 1) % hull.count]
            return atan2(next.y - hull[index].y, next.x - hull[index].x)
        }
        for angle in edges {
            let cosine = cos(angle), sine = sin(angle)
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for point in hull {
                let u = point.x * cosine + point.y * sine, v = -point.x * sine + point.y * cosine
                minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
            }
            let width = maxU - minU, height = maxV - minV
            if best == nil || width * height < best!.area {
                let u = (minU + maxU) / 2, v = (minV + maxV) / 2
                best = RotatedRectangle(center: Point(x: u * cosine - v * sine, y: u * sine + v * cosine),
                                        width: width, height: height, angle: angle)
            }
        }
        return best
    }

    func grown(by distance: Double) -> RotatedRectangle {
        RotatedRectangle(center: center, width: width + 2 * distance, height: height + 2 * distance, angle: angle)
    }

    /// The corners, clockwise from the top left, the top edge the side nearer level, as
    /// PaddleOCR orders a box's points: a box taller than wide stays taller than wide, and the
    /// engine decides whether its text runs down the page (``PPOCREngine/turningColumns(_:)``).
    /// Ordered along the longer side, a narrow word alone ("1", "4") was read sideways.
    var quad: Quad {
        var direction = angle, length = width, thickness = height
        while direction > .pi / 2 { direction -= .pi }
        while direction <= -.pi / 2 { direction += .pi }
        if abs(direction) > .pi / 4 {
            direction += direction > 0 ? -.pi / 2 : .pi / 2
            swap(&length, &thickness)
        }
        let along = Point(x: cos(direction) * length / 2, y: sin(direction) * length / 2)
        let across = Point(x: -sin(direction) * thickness / 2, y: cos(direction) * thickness / 2)
        func corner(_ a: Double, _ b: Double) -> Point {
            Point(x: center.x + a * along.x + b * across.x, y: center.y + a * along.y + b * across.y)
        }
        return Quad(topLeft: corner(-1, -1), topRight: corner(1, -1), bottomRight: corner(1, 1), bottomLeft: corner(-1, 1))
    }
}

extension Quad {
    /// Whether the point lies inside (or on) this convex quad.
    func contains(_ point: Point) -> Bool {
        let corners = self.corners
        var sign = 0.0
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
        }
        return true
    }
}
