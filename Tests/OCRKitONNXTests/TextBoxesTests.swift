import Foundation
import OCRKit
@testable import OCRKitONNX
import Testing

/// A `width` x `height` map, `value` inside the rectangles turned by `angle` about their centres.
private func map(width: Int, height: Int, value: Float = 0.9, angle: Double = 0, _ rects: [Rect]) -> [Float] {
    var map = [Float](repeating: 0.05, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            for rect in rects {
                let dx = Double(x) - rect.midX, dy = Double(y) - rect.midY
                let u = dx * cos(angle) + dy * sin(angle), v = -dx * sin(angle) + dy * cos(angle)
                if abs(u) <= rect.width / 2 && abs(v) <= rect.height / 2 { map[y * width + x] = value }
            }
        }
    }
    return map
}

extension TextBoxes {
    /// The boxes of a map the test made.
    func boxes(in map: [Float], width: Int, height: Int) -> [Box] {
        map.withUnsafeBufferPointer { boxes(in: $0, width: width, height: height) }
    }
}

@Suite struct TextBoxesTests {
    let finder = TextBoxes()

    @Test func findsEachRegionGrownByItsUnclipDistance() throws {
        let regions = [Rect(x: 20, y: 10, width: 60, height: 10), Rect(x: 100, y: 50, width: 80, height: 20)]
        let boxes = finder.boxes(in: map(width: 200, height: 100, regions), width: 200, height: 100)
            .sorted { $0.quad.topLeft.y < $1.quad.topLeft.y }
        #expect(boxes.count == 2)
        for (box, region) in zip(boxes, regions) {
            // The region's pixel coordinates span its width and height; dilation adds a pixel
            // right and down.
            let width = region.width + 1, height = region.height + 1
            let distance = width * height * 1.6 / (2 * (width + height))
            let bounds = box.quad.boundingRect
            #expect(abs(bounds.width - (width + 2 * distance)) < 1, "\(bounds) for \(region)")
            #expect(abs(bounds.height - (height + 2 * distance)) < 1, "\(bounds) for \(region)")
            #expect(abs(bounds.midX - region.midX - 0.5) < 1 && abs(bounds.midY - region.midY - 0.5) < 1)
            // The dilated ring's low probabilities lower the score a little.
            #expect(box.score > 0.8)
        }
    }

    @Test func followsARotatedRegion() throws {
        let angle = 20.0 * .pi / 180
        let boxes = finder.boxes(in: map(width: 200, height: 200, angle: angle, [Rect(x: 40, y: 85, width: 120, height: 30)]),
                                 width: 200, height: 200)
        let quad = try #require(boxes.first?.quad)
        #expect(boxes.count == 1)
        let found = atan2(quad.topRight.y - quad.topLeft.y, quad.topRight.x - quad.topLeft.x)
        #expect(abs(found - angle) < 0.03, "angle \(found * 180 / .pi)")
        // Clockwise from the top left: the top edge is above the bottom one.
        #expect(quad.topLeft.y < quad.bottomLeft.y && quad.topLeft.x < quad.topRight.x)
    }

    /// A region taller than wide (a "1" set apart on a receipt) keeps its top edge on top: which
    /// way its text runs is the engine's decision, not the box's.
    @Test func aBoxTallerThanWideKeepsItsTopEdgeOnTop() throws {
        let region = Rect(x: 40, y: 20, width: 12, height: 30)
        let boxes = finder.boxes(in: map(width: 100, height: 80, [region]), width: 100, height: 80)
        let quad = try #require(boxes.first?.quad)
        #expect(boxes.count == 1)
        #expect(abs(quad.topLeft.y - quad.topRight.y) < 0.5 && quad.topLeft.x < quad.topRight.x, "\(quad)")
        #expect(quad.bottomLeft.y - quad.topLeft.y > quad.topRight.x - quad.topLeft.x)
        #expect(abs(quad.topLeft.x - quad.boundingRect.minX) < 0.5 && abs(quad.topLeft.y - quad.boundingRect.minY) < 0.5)
    }

    @Test func dropsUnsureAndTinyRegions() {
        let unsure = map(width: 100, height: 60, value: 0.4, [Rect(x: 10, y: 10, width: 50, height: 12)])
        #expect(finder.boxes(in: unsure, width: 100, height: 60).isEmpty)
        // One pixel, two after dilation: under the minimum side.
        let speck = map(width: 100, height: 60, [Rect(x: 10, y: 10, width: 0.9, height: 0.9)])
        #expect(finder.boxes(in: speck, width: 100, height: 60).isEmpty)
        #expect(finder.boxes(in: [Float](repeating: 0, count: 6000), width: 100, height: 60).isEmpty)
    }
}
