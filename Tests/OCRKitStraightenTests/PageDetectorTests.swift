import OCRKit
import OCRKitEvaluation
import OCRKitStraighten
import OCRKitTestSupport
import Testing

@Suite(.onThreadsOfTheirOwn, .heavy) struct PageDetectorTests {
    @Test func findsThePageCornersInPhotos() throws {
        let page = try Pages.page()
        let simulation = DocumentPhotoSimulation(seed: 3)
        for number in 0..<6 {
            let photo = simulation.photo(of: page, number: number)
            let found = try #require(try PageDetector().page(in: photo.bitmap), "photo \(number) on \(photo.page.background)")
            // Within 1.5% of the photo's diagonal: some ten pixels in these photos.
            #expect(photo.page.match(found.corners).distance < 0.015 * Pages.diagonal(of: photo.bitmap),
                    "photo \(number) on \(photo.page.background): found \(found.corners.corners), truth \(photo.page.corners.corners)")
            #expect(found.confidence >= 0.5)
            #expect(found.corners.corners.first == found.corners.corners.min { $0.x + $0.y < $1.x + $1.y },
                    "the first corner is the one nearest the photo's top left")
        }
    }

    @Test func findsNoPageInAScanOrInNoise() throws {
        #expect(try PageDetector().page(in: try Pages.page()) == nil, "a flat scan is all page")
        var random = SystemRandomNumberGenerator()
        let noise = Bitmap(width: 300, height: 200, layout: .rgb, pixels: (0..<(300 * 200 * 3)).map { _ in UInt8.random(in: 0...255, using: &random) },
                           image: "noise")
        #expect(try PageDetector().page(in: noise) == nil)
        let blank = Bitmap(width: 1, height: 1, layout: .gray, pixels: [255], image: "one pixel")
        #expect(try PageDetector().page(in: blank) == nil)
    }

    @Test func flatteningKeepsThePagesAspectRatio() throws {
        let page = try Pages.page()
        let photo = DocumentPhotoSimulation(seed: 11).photo(of: page, number: 2)
        let flat = try photo.bitmap.flattening(photo.page.corners)
        let expected = photo.page.quarterTurns % 2 == 0 ? Double(page.width) / Double(page.height) : Double(page.height) / Double(page.width)
        #expect(abs(Double(flat.width) / Double(flat.height) / expected - 1) < 0.15)
    }

    @Test func cornersThatEncloseNothingOrLieFarOutAreErrorsNamingTheImage() throws {
        let photo = DocumentPhotoSimulation(seed: 1).photo(of: try Pages.page(), number: 0).bitmap
        let point = Point(x: 10, y: 10)
        #expect {
            try photo.flattening(Quad(topLeft: point, topRight: point, bottomRight: point, bottomLeft: point))
        } throws: { error in
            (error as? OCRError)?.code == .degenerateImage && (error as? OCRError)?.path == photo.image
        }
        // Corners from a damaged record: no image of 10^12 pixels, no crash.
        let far = Point(x: 1e12, y: .nan)
        #expect {
            try photo.flattening(Quad(topLeft: point, topRight: far, bottomRight: far, bottomLeft: point))
        } throws: { error in
            (error as? OCRError)?.code == .invalidOption && (error as? OCRError)?.path == photo.image
        }
    }
}
