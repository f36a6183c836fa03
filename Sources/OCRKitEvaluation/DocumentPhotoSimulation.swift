import Foundation
import OCRKit

/// Photos of a flat page as a phone would take them: the page laid on a table (wood, cloth,
/// stone, a coloured or a pale desk), tilted, seen at an angle, nearer or farther, sometimes
/// sideways or upside down, under uneven light with a shadow across it now and then, with
/// sensor noise. The page's corners in the photo are known, so page detection and straightening
/// can be measured against the flat original. Everything follows from the seed and the photo's
/// number.
///
/// ```swift
/// let simulation = DocumentPhotoSimulation(seed: 7)
/// let photo = simulation.photo(of: scan, number: 0)
/// let straightened = try await straightener.straighten(photo.bitmap)
/// ```
public struct DocumentPhotoSimulation: Sendable {
    /// What the page lies on.
    public enum Background: String, CaseIterable, Sendable {
        case wood, cloth, stone, colour, paleDesk
    }

    public let seed: UInt64
    /// The largest tilt of the page in the photo, either way, in degrees (besides quarter turns).
    public var maximumTilt = 20.0
    /// The share of photos taken with the page sideways or upside down.
    public var turnedShare = 0.3
    /// How far each corner moves for the camera's angle, as a share of the page's sides.
    public var perspective = 0.1
    /// The page's size in the photo relative to the image given, before the camera's angle.
    public var scales = 0.9...1.25
    /// The share of photos with a shadow across the page.
    public var shadowShare = 0.3
    /// The noise's standard deviation, in levels of 255.
    public var noise = 4.0

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// Photo `number` of `page`.
    public func photo(of page: Bitmap, number: Int) -> DocumentPhoto {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(number))
        let turns = random.uniform(0, 1) < turnedShare ? 1 + Int(random.uniform(0, 3)) : 0
        let laid = page.rgb.turned(clockwiseQuarterTurns: turns)
        let background = Background.allCases[Int(random.uniform(0, Double(Background.allCases.count)))]

        // The page's corners around its centre: scaled, moved by the camera's angle, tilted.
        let scale = random.uniform(scales.lowerBound, scales.upperBound)
        let halfWidth = Double(laid.width) * scale / 2, halfHeight = Double(laid.height) * scale / 2
        let tilt = random.uniform(-maximumTilt, maximumTilt) * .pi / 180
        let square = [(-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight)]
        let placed = square.map { x, y in
            let moved = (x + random.uniform(-perspective, perspective) * halfWidth * 2,
                         y + random.uniform(-perspective, perspective) * halfHeight * 2)
            return Point(x: moved.0 * cos(tilt) - moved.1 * sin(tilt), y: moved.0 * sin(tilt) + moved.1 * cos(tilt))
        }
        let bounds = Rect(enclosing: placed)
        let margin = (x: bounds.width * random.uniform(0.08, 0.3), y: bounds.height * random.uniform(0.08, 0.3))
        let width = Int(bounds.width + 2 * margin.x), height = Int(bounds.height + 2 * margin.y)
        let corners = placed.map { Point(x: $0.x - bounds.minX + margin.x, y: $0.y - bounds.minY + margin.y) }
        let quad = Quad(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])

        let light = Lighting(width: width, height: height, hasShadow: random.uniform(0, 1) < shadowShare, random: &random)
        let surface = Surface(background, random: &random)
        let pixels = render(laid, at: quad, width: width, height: height, surface: surface, light: light, random: &random)
        return DocumentPhoto(
            bitmap: Bitmap(width: width, height: height, layout: .rgb, pixels: pixels, image: "\(page.image) photo \(number)"),
            page: PhotographedPage(corners: quad, quarterTurns: (4 - turns) % 4, background: background))
    }

    private func render(
        _ page: Bitmap, at quad: Quad, width: Int, height: Int, surface: Surface, light: Lighting,
        random: inout SplitMix64
    ) -> [UInt8] {
        let pageRect = Quad(topLeft: Point(x: 0, y: 0), topRight: Point(x: Double(page.width), y: 0),
                            bottomRight: Point(x: Double(page.width), y: Double(page.height)),
                            bottomLeft: Point(x: 0, y: Double(page.height)))
        let toPage = Homography(from: quad, to: pageRect)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        page.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width {
                    let onPage = toPage(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    var colour = surface.colour(x: x, y: y)
                    if onPage.x >= 0, onPage.y >= 0, onPage.x < Double(page.width), onPage.y < Double(page.height) {
                        colour = Self.sample(source, width: page.width, height: page.height, at: onPage)
                    }
                    let gain = light.gain(x: x, y: y)
                    for channel in 0..<3 {
                        pixels[(y * width + x) * 3 + channel] = UInt8(max(0, min(255, colour[channel] * gain + random.grain(noise))))
                    }
                }
            }
        }
        return pixels
    }

    /// The RGB page's colour at `point`, interpolated between its four nearest pixels.
    private static func sample(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, at point: Point) -> [Double] {
        let x = max(0, point.x - 0.5), y = max(0, point.y - 0.5)
        let left = min(width - 1, Int(x)), top = min(height - 1, Int(y))
        let right = min(width - 1, left + 1), bottom = min(height - 1, top + 1)
        let dx = x - Double(left), dy = y - Double(top)
        return (0..<3).map { channel in
            func at(_ column: Int, _ row: Int) -> Double { Double(pixels[(row * width + column) * 3 + channel]) }
            return (at(left, top) * (1 - dx) + at(right, top) * dx) * (1 - dy)
                + (at(left, bottom) * (1 - dx) + at(right, bottom) * dx) * dy
        }
    }
}

/// A photo of a page, and where the page is in it.
public struct DocumentPhoto: Sendable {
    /// The photo, RGB.
    public var bitmap: Bitmap
    public var page: PhotographedPage
}

/// Where a page lies in a photo, and which way up.
public struct PhotographedPage: Hashable, Sendable {
    /// The page's corners in the photo, clockwise from the corner that was the top left of the
    /// page as it was laid down (turned, when ``quarterTurns`` is not 0).
    public var corners: Quad
    /// Quarter turns clockwise that set the page's text upright once it is flattened.
    public var quarterTurns: Int
    public var background: DocumentPhotoSimulation.Background

    /// How well `found` corners, as a page detector gives them (clockwise from any corner), match
    /// the page's.
    public func match(_ found: Quad) -> CornerMatch {
        // Corners are paired in their clockwise order, from whichever start fits best.
        let (distance, shift) = (0..<4).map { shift in
            (zip(found.corners, corners.turned(shift).corners).map { hypot($0.x - $1.x, $0.y - $1.y) }.max()!, shift)
        }.min { $0.0 < $1.0 }!
        // Flattened from the page's corner `shift`, the page comes out turned `shift` quarter
        // turns counter-clockwise from how it was laid down.
        return CornerMatch(distance: distance, quarterTurnsToUpright: (quarterTurns + shift) % 4)
    }
}

/// How found corners compare with a photo's page.
public struct CornerMatch: Hashable, Sendable {
    /// The farthest any found corner lies from the page's corner it stands for, in pixels.
    public var distance: Double
    /// Quarter turns clockwise that set the page upright once flattened from the found corners.
    public var quarterTurnsToUpright: Int
}

/// A table's surface: a base colour with grain, blotches or speckles.
private struct Surface {
    let kind: DocumentPhotoSimulation.Background
    let base: [Double]
    let phase: Double
    /// Coarse random values, interpolated for blotches and the wood's wavering grain.
    let blotches: [Double]
    static let cell = 48, cells = 64

    init(_ kind: DocumentPhotoSimulation.Background, random: inout SplitMix64) {
        self.kind = kind
        base = switch kind {
        case .wood: [random.uniform(120, 170), random.uniform(75, 105), random.uniform(40, 60)]
        case .cloth: [random.uniform(20, 70), random.uniform(30, 70), random.uniform(50, 110)]
        case .stone: [random.uniform(90, 140), random.uniform(90, 140), random.uniform(90, 140)]
        case .colour: [random.uniform(30, 220), random.uniform(30, 220), random.uniform(30, 220)]
        case .paleDesk: [random.uniform(185, 215), random.uniform(185, 215), random.uniform(180, 205)]
        }
        phase = random.uniform(0, 2 * .pi)
        blotches = (0..<(Self.cells * Self.cells)).map { _ in random.uniform(-1, 1) }
    }

    func colour(x: Int, y: Int) -> [Double] {
        let coarse = blotch(x: x, y: y)
        let shade: Double = switch kind {
        case .wood: 1 + 0.18 * sin(Double(y) / 7 + 6 * coarse + phase) + 0.05 * coarse
        case .cloth: 1 + 0.08 * sin(Double(x) * 1.3) * sin(Double(y) * 1.3) + 0.1 * coarse
        case .stone: 1 + 0.25 * coarse + (((x &* 73_856_093) ^ (y &* 19_349_663)) % 7 == 0 ? 0.3 : 0)
        case .colour: 1 + 0.06 * coarse
        case .paleDesk: 1 + 0.04 * coarse
        }
        return base.map { $0 * shade }
    }

    /// Smooth noise from -1 to 1, changing over some fifty pixels.
    private func blotch(x: Int, y: Int) -> Double {
        let fx = Double(x) / Double(Self.cell), fy = Double(y) / Double(Self.cell)
        let left = Int(fx) % (Self.cells - 1), top = Int(fy) % (Self.cells - 1)
        let dx = fx - Double(Int(fx)), dy = fy - Double(Int(fy))
        func at(_ column: Int, _ row: Int) -> Double { blotches[row * Self.cells + column] }
        return (at(left, top) * (1 - dx) + at(left + 1, top) * dx) * (1 - dy)
            + (at(left, top + 1) * (1 - dx) + at(left + 1, top + 1) * dx) * dy
    }
}

/// Light falling across the photo: brighter on one side, with perhaps a soft shadow (a hand, the
/// phone) over part of it.
private struct Lighting {
    let base: Double
    let slope: (x: Double, y: Double)
    /// The shadow covers the side of this line where `a x + b y > c`, fading in over `softness`.
    let shadow: (a: Double, b: Double, c: Double, softness: Double, depth: Double)?

    init(width: Int, height: Int, hasShadow: Bool, random: inout SplitMix64) {
        base = random.uniform(0.75, 1.1)
        let direction = random.uniform(0, 2 * .pi), strength = random.uniform(0, 0.3)
        slope = (strength * cos(direction) / Double(width), strength * sin(direction) / Double(height))
        if hasShadow {
            let angle = random.uniform(0, 2 * .pi)
            let (a, b) = (cos(angle), sin(angle))
            let centre = (x: random.uniform(0.3, 0.7) * Double(width), y: random.uniform(0.3, 0.7) * Double(height))
            shadow = (a, b, a * centre.x + b * centre.y, Double(max(width, height)) * random.uniform(0.02, 0.1),
                      random.uniform(0.25, 0.45))
        } else {
            shadow = nil
        }
    }

    func gain(x: Int, y: Int) -> Double {
        var gain = base + slope.x * Double(x) + slope.y * Double(y)
        if let shadow {
            let distance = (shadow.a * Double(x) + shadow.b * Double(y) - shadow.c) / shadow.softness
            gain *= 1 - shadow.depth * max(0, min(1, 0.5 + distance))
        }
        return gain
    }
}
