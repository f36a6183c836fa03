import Foundation
import OCRKit
import Testing

@Suite struct GeometryTests {
    @Test func unionAndIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == nil)
    }

    @Test func quadCornersRunClockwiseFromTheTopLeft() throws {
        let quad = Rect(x: 1, y: 2, width: 3, height: 4).quad
        #expect(quad.corners == [Point(x: 1, y: 2), Point(x: 4, y: 2), Point(x: 4, y: 6), Point(x: 1, y: 6)])
        #expect(quad.boundingRect == Rect(x: 1, y: 2, width: 3, height: 4))
        let json = String(decoding: try JSONEncoder().encode(quad), as: UTF8.self)
        #expect(json == "[[1,2],[4,2],[4,6],[1,6]]")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Quad.self, from: Data("[[1,2],[3,4]]".utf8)) }
    }

    @Test func turningAQuadRenamesItsCorners() {
        // A column 2 wide and 6 tall whose text runs downwards: after one turn its top edge is the
        // column's right side, read from the top.
        let column = Rect(x: 0, y: 0, width: 2, height: 6).quad
        let line = column.turned(1)
        #expect(line.topLeft == Point(x: 2, y: 0) && line.topRight == Point(x: 2, y: 6))
        #expect(line.bottomLeft == Point(x: 0, y: 0))
        #expect(column.turned(2) == Quad(topLeft: column.bottomRight, topRight: column.bottomLeft,
                                         bottomRight: column.topLeft, bottomLeft: column.topRight))
        #expect(column.turned(4) == column && column.turned(-1) == column.turned(3))
    }

    @Test func normalizedRegionsMustLieInsideTheImage() {
        #expect(Rect(x: 0, y: 0, width: 1, height: 1).isValidNormalizedRegion)
        #expect(!Rect(x: 0.5, y: 0, width: 0.6, height: 1).isValidNormalizedRegion)
        #expect(!Rect(x: 0, y: 0, width: 0, height: 1).isValidNormalizedRegion)
        #expect(!Rect(x: -0.1, y: 0, width: 0.5, height: 0.5).isValidNormalizedRegion)
    }

    @Test func optionsValidation() {
        #expect(throws: Never.self) { try RecognitionOptions().validate() }
        // No languages leaves them to the reader; an empty one is a mistake.
        #expect(throws: Never.self) { try RecognitionOptions(languages: []).validate() }
        for bad in [
            RecognitionOptions(languages: ["eng", ""]),
            RecognitionOptions(regionOfInterest: Rect(x: 0.9, y: 0, width: 0.5, height: 0.5)),
            RecognitionOptions(minimumTextHeight: 1.5),
            RecognitionOptions(allowedCharacters: ""),
            RecognitionOptions(alternativeCount: -1),
        ] {
            #expect { try bad.validate() } throws: { ($0 as? OCRError)?.code == .invalidOption }
        }
    }

    @Test func regionsConvertToAndFromABottomLeftOrigin() {
        // The lower third, as Vision counts it, is the last third from the top.
        let lowerThird = Rect(normalizedBottomLeft: Rect(x: 0.25, y: 0, width: 0.5, height: 0.25))
        #expect(lowerThird == Rect(x: 0.25, y: 0.75, width: 0.5, height: 0.25))
        #expect(lowerThird.normalizedBottomLeft == Rect(x: 0.25, y: 0, width: 0.5, height: 0.25))
        let region = Rect(x: 0.125, y: 0.25, width: 0.375, height: 0.5)
        #expect(Rect(normalizedBottomLeft: region.normalizedBottomLeft) == region)
    }

    @Test func insetsGrowAndShrinkEachSide() {
        let box = Rect(x: 100, y: 50, width: 80, height: 20)
        #expect(box.insetBy(dx: -24, dy: -16) == Rect(x: 76, y: 34, width: 128, height: 52))
        #expect(box.insetBy(dx: 10, dy: 5) == Rect(x: 110, y: 55, width: 60, height: 10))
    }

    @Test func cropsAreClippedToTheBitmap() throws {
        // 4 x 3 RGB, each pixel's red its index.
        let pixels: [UInt8] = (0..<12).flatMap { index -> [UInt8] in [UInt8(index), 0, 0] }
        let bitmap = Bitmap(width: 4, height: 3, layout: .rgb, pixels: pixels, image: "grid")
        let inside = try #require(bitmap.cropped(to: Rect(x: 1, y: 1, width: 2, height: 1)))
        #expect(inside.width == 2 && inside.height == 1)
        #expect(inside.pixels == [5, 0, 0, 6, 0, 0])
        // Grown past the top left corner: only what lies inside is kept.
        let clipped = try #require(bitmap.cropped(to: Rect(x: -5, y: -5, width: 6.5, height: 6.2)))
        #expect(clipped.width == 2 && clipped.height == 2)
        let reds: [UInt8] = stride(from: 0, to: clipped.pixels.count, by: 3).map { clipped.pixels[$0] }
        #expect(reds == [0, 1, 4, 5])
        #expect(bitmap.cropped(to: Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
    }

    @Test func placingClipsAtEveryEdge() {
        let blank = Bitmap(width: 4, height: 3, layout: .gray, pixels: [UInt8](repeating: 0, count: 12), image: "blank")
        let part = Bitmap(width: 2, height: 2, layout: .gray, pixels: [1, 2, 3, 4], image: "part")
        #expect(blank.placing(part, x: 1, y: 1).pixels == [0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0])
        #expect(blank.placing(part, x: -1, y: -1).pixels == [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(blank.placing(part, x: 3, y: 2).pixels == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(blank.placing(part, x: 4, y: 0).pixels == blank.pixels)
    }
}
