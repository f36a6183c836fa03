import Foundation
import OCRKit

/// The frames a hand-held camera would take of a still scene with a target in it (a car and its
/// number plate): the camera pans onto the target, then shakes a little; frames blur, gain noise,
/// brighten and darken, and now and then something passes in front of the target. Everything
/// follows from the seed, so a sequence can be replayed exactly.
///
/// ```swift
/// let camera = CameraSimulation(scene: photo, target: plateBox, seed: 7)
/// for index in 0..<camera.frameCount {
///     let step = try await scanner.scan(Frame(bitmap: camera.frame(index), time: camera.time(of: index)))
/// }
/// ```
public struct CameraSimulation: Sendable {
    /// The scene, in RGB, with any `overlay` already in place.
    public let scene: Bitmap
    /// The target, in the scene's pixels.
    public let target: Rect
    public let seed: UInt64
    public var frameCount = 30
    public var framesPerSecond = 10.0
    /// How many frames the pan onto the target takes; the target is out of view at first.
    public var panFrames = 8
    /// The share of frames smeared by the camera's motion, and of frames with the target partly hidden.
    public var blurredShare = 0.25
    public var occludedShare = 0.15
    /// The noise's standard deviation, in levels of 255.
    public var noise = 6.0

    /// The size of the view: four targets wide, at 5:3.
    public let viewWidth: Int
    public let viewHeight: Int

    /// - Parameter overlay: other text to show near the target (gray, dark on light), placed below
    ///   it, or above when there is no room below.
    public init(scene: Bitmap, target: Rect, overlay: Bitmap? = nil, seed: UInt64) {
        var rgb = scene.rgb
        if let overlay {
            let below = Int(target.maxY + target.height * 0.6)
            let top = below + overlay.height <= scene.height ? below : Int(target.minY - target.height * 0.6) - overlay.height
            rgb = rgb.placing(overlay.rgb, x: Int(target.midX) - overlay.width / 2, y: top)
        }
        self.scene = rgb
        self.target = target
        self.seed = seed
        viewWidth = min(scene.width, max(240, Int(target.width * 4)))
        viewHeight = min(scene.height, viewWidth * 3 / 5)
    }

    /// Where a scanner should look: the middle of the view, where the camera holds the target.
    public var region: Rect { Rect(x: 0.15, y: 0.1, width: 0.7, height: 0.8) }

    public func time(of index: Int) -> Duration { .seconds(Double(index) / framesPerSecond) }

    /// Whether the whole target is inside ``region`` in frame `index`.
    public func showsTarget(in index: Int) -> Bool {
        let origin = viewOrigin(of: index)
        let region = region.scaled(width: Double(viewWidth), height: Double(viewHeight))
        return region.contains(Point(x: target.minX - origin.x, y: target.minY - origin.y))
            && region.contains(Point(x: target.maxX - origin.x, y: target.maxY - origin.y))
    }

    /// Frame `index`, `viewWidth` x `viewHeight` RGB.
    public func frame(_ index: Int) -> Bitmap {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(index))
        let origin = viewOrigin(of: index)
        // Light that swells and fades over a few seconds, with some flicker.
        let gain = 1 + 0.35 * sin(2 * Double.pi * Double(index) / 17) + random.uniform(-0.05, 0.05)
        var pixels = [UInt8](repeating: 0, count: viewWidth * viewHeight * 3)
        var levels = [Double](repeating: 128, count: viewWidth * viewHeight * 3)
        for row in 0..<viewHeight {
            let y = Int(origin.y) + row
            for column in 0..<viewWidth {
                let x = Int(origin.x) + column
                guard y >= 0, y < scene.height, x >= 0, x < scene.width else { continue }
                for channel in 0..<3 {
                    levels[(row * viewWidth + column) * 3 + channel] = Double(scene.pixels[(y * scene.width + x) * 3 + channel])
                }
            }
        }
        if random.uniform(0, 1) < occludedShare {
            // A post, a passer-by: a dark bar across part of the target.
            let width = target.width * random.uniform(0.3, 0.5)
            let left = target.minX - origin.x + random.uniform(0, target.width - width)
            for row in Self.span(from: target.minY - origin.y - 4, to: target.maxY - origin.y + 4, within: viewHeight) {
                for column in Self.span(from: left, to: left + width, within: viewWidth) {
                    for channel in 0..<3 { levels[(row * viewWidth + column) * 3 + channel] = 30 }
                }
            }
        }
        if random.uniform(0, 1) < blurredShare {
            levels = Self.smeared(levels, width: viewWidth, height: viewHeight, length: Int(random.uniform(3, 10)))
        }
        for index in levels.indices {
            pixels[index] = UInt8(max(0, min(255, levels[index] * gain + random.grain(noise))))
        }
        return Bitmap(width: viewWidth, height: viewHeight, layout: .rgb, pixels: pixels, image: "frame \(index)")
    }

    /// The view's top left corner in the scene: panning in from one view to the right, then held
    /// on the target with a small shake.
    private func viewOrigin(of index: Int) -> Point {
        var random = SplitMix64(seed: seed &+ 0x51ED &* UInt64(index + 1))
        let pan = index < panFrames ? Double(viewWidth) * Double(panFrames - index) / Double(panFrames) : 0
        let shake = target.height / 3
        return Point(x: target.midX - Double(viewWidth) / 2 + pan + random.uniform(-shake, shake),
                     y: target.midY - Double(viewHeight) / 2 + random.uniform(-shake, shake))
    }

    /// The pixels from `lower` to `upper` that lie in `0..<limit`; empty when none do.
    private static func span(from lower: Double, to upper: Double, within limit: Int) -> Range<Int> {
        let start = min(limit, max(0, Int(lower)))
        return start..<max(start, min(limit, Int(upper)))
    }

    /// Each row averaged over `length` pixels to the right: a horizontal motion blur.
    private static func smeared(_ levels: [Double], width: Int, height: Int, length: Int) -> [Double] {
        var smeared = levels
        for row in 0..<height {
            for column in 0..<width {
                for channel in 0..<3 {
                    var sum = 0.0, count = 0.0
                    for step in 0..<length where column + step < width {
                        sum += levels[(row * width + column + step) * 3 + channel]
                        count += 1
                    }
                    smeared[(row * width + column) * 3 + channel] = sum / count
                }
            }
        }
        return smeared
    }
}
