import Foundation
import OCRKit
import OCRKitStraighten
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Testing

@Suite(.onThreadsOfTheirOwn, .heavy) struct PageStraightenerTests {
    @Test func aPhotoOfAPageReadsLikeTheFlatPage() async throws {
        let page = try Pages.page()
        var simulation = DocumentPhotoSimulation(seed: 5)
        simulation.turnedShare = 0
        let photo = simulation.photo(of: page, number: 1)
        let straightened = try await PageStraightener(configuration: .init(jobs: 1)).straighten(photo.bitmap)

        let corners = try #require(straightened.straightening.corners, "the page is found")
        #expect(photo.page.match(corners).distance < 0.015 * Pages.diagonal(of: photo.bitmap))
        #expect(straightened.straightening.imageWidth == photo.bitmap.width && straightened.straightening.imageHeight == photo.bitmap.height)
        let flat = try await Pages.errorRate(of: page), level = try await Pages.errorRate(of: straightened.bitmap)
        let asTaken = try await Pages.errorRate(of: photo.bitmap)
        #expect(level <= flat + 0.03, "straightened \(level), flat \(flat)")
        #expect(level < asTaken, "straightened \(level), as photographed \(asTaken)")
    }

    @Test(arguments: [1, 2, 3])
    func turnsPagesUpright(turns: Int) async throws {
        let straightener = PageStraightener(configuration: .init(jobs: 1), orientationDetector: try Pages.orientationDetector())
        let sideways = try Pages.page().turned(clockwiseQuarterTurns: turns)
        let straightened = try await straightener.straighten(sideways)
        #expect(straightened.straightening.quarterTurns == (4 - turns) % 4)
        #expect(try #require(straightened.straightening.orientationConfidence) >= 0.5)
        #expect(try await Pages.errorRate(of: straightened.bitmap) < 0.05)
    }

    @Test func turnsAPhotoTakenSidewaysUpright() async throws {
        var simulation = DocumentPhotoSimulation(seed: 9)
        simulation.turnedShare = 1
        let photo = simulation.photo(of: try Pages.page(), number: 0)
        let straightener = PageStraightener(configuration: .init(jobs: 1), orientationDetector: try Pages.orientationDetector())
        let straightened = try await straightener.straighten(photo.bitmap)
        let corners = try #require(straightened.straightening.corners)
        #expect(straightened.straightening.quarterTurns == photo.page.match(corners).quarterTurnsToUpright)
        #expect(try await Pages.errorRate(of: straightened.bitmap) < 0.05)
    }

    @Test func levelsATiltedScan() async throws {
        let page = try Pages.page()
        // Turned 4 degrees clockwise, its lines tilt 4 degrees the other way.
        let tilted = try Bitmap(width: page.width, height: page.height, layout: .rgb,
                                pixels: page.pixels.flatMap { [$0, $0, $0] }, image: "tilted").rotated(byDegrees: 4)
        let straightened = try await PageStraightener(configuration: .init(jobs: 1)).straighten(tilted)
        #expect(!straightened.straightening.foundPage)
        #expect(abs(straightened.straightening.skewDegrees + 4) < 0.3, "measured \(straightened.straightening.skewDegrees)")
        #expect(try await Pages.errorRate(of: straightened.bitmap) < 0.05)
    }

    @Test func anImageWithoutAPageIsUsedWhole() async throws {
        let page = try Pages.page()
        let straightened = try await PageStraightener(configuration: .init(jobs: 1)).straighten(page)
        #expect(straightened.straightening == Straightening(imageWidth: page.width, imageHeight: page.height, evensLighting: true))
        // Clean, level, white paper: evening its light changes nothing.
        #expect(straightened.bitmap.pixels == page.pixels)
    }

    @Test func aShadowAcrossThePageIsEvenedOut() async throws {
        let page = try Pages.page()
        // The right half of the page in shadow, at 55% of the light.
        let shaded = Bitmap(width: page.width, height: page.height, layout: .gray, pixels: page.pixels.enumerated().map { index, level in
            index % page.width > page.width / 2 ? UInt8(Double(level) * 0.55) : level
        }, image: "shaded")
        var unevened = PageStraightener.Configuration(jobs: 1)
        unevened.evensLighting = false
        let evened = try await PageStraightener(configuration: .init(jobs: 1)).straighten(shaded).bitmap
        let paper = evened.pixels[(page.height / 2) * page.width + page.width - 5]
        #expect(paper > 240, "the shaded paper is white again: \(paper)")
        #expect(try await Pages.errorRate(of: evened) <= (try await Pages.errorRate(of: PageStraightener(configuration: unevened).straighten(shaded).bitmap)))
        #expect(try await Pages.errorRate(of: evened) < 0.05)
    }

    @Test(arguments: [Bitmap.Layout.gray, .rgb])
    func tinyAndBlankImagesAreUsedWhole(layout: Bitmap.Layout) async throws {
        let straightener = PageStraightener(configuration: .init(jobs: 1), orientationDetector: try Pages.orientationDetector())
        for (width, height) in [(1, 1), (8, 8), (3, 900)] {
            let blank = Bitmap(width: width, height: height, layout: layout,
                               pixels: Array(repeating: 255, count: width * height * layout.channels), image: "blank")
            let straightened = try await straightener.straighten(blank)
            #expect(!straightened.straightening.foundPage && straightened.straightening.quarterTurns == 0)
            #expect(straightened.bitmap.width == width && straightened.bitmap.height == height)
        }
    }

    @Test func replayingACorrectionMakesTheSameImage() async throws {
        let photo = DocumentPhotoSimulation(seed: 2).photo(of: try Pages.page(), number: 3).bitmap
        let straightener = PageStraightener(configuration: .init(jobs: 1), orientationDetector: try Pages.orientationDetector())
        let straightened = try await straightener.straighten(photo)
        let replayed = try await straightener.apply(straightened.straightening, to: photo)
        #expect(replayed.width == straightened.bitmap.width && replayed.height == straightened.bitmap.height)
        #expect(replayed.pixels == straightened.bitmap.pixels)
    }

    @Test func aReaderStraightensPhotosOnlyWhenAsked() async throws {
        let folder = try TemporaryFolder()
        var simulation = DocumentPhotoSimulation(seed: 4)
        simulation.turnedShare = 0
        let path = folder.file("photo.png")
        try ImageWriter.write(simulation.photo(of: try Pages.page(), number: 0).bitmap, to: path)

        let plain = PageReader(decoder: ImageLoader(), engine: try Pages.tesseract())
        #expect(try await plain.read(path).straightening == nil)
        await #expect {
            try await plain.read(path, options: RecognitionOptions(straightensPage: true))
        } throws: { error in
            (error as? OCRError)?.code == .invalidOption && (error as? OCRError)?.path == path
        }

        let reader = PageReader(decoder: ImageLoader(), engine: try Pages.tesseract(),
                                straightener: PageStraightener(configuration: .init(jobs: 1)))
        let page = try await reader.read(path, options: RecognitionOptions(straightensPage: true))
        let straightening = try #require(page.straightening)
        #expect(straightening.foundPage)
        #expect(page.text.contains("Total due: 1,234.56 EUR"), "read: \(page.text)")
        // The boxes refer to the straightened image, which can be had again from the file.
        let image = try await reader.decoder.image(of: page, straightenedBy: reader.straightener)
        #expect(image.width == page.width && image.height == page.height)
        #expect(page.lines.allSatisfy { $0.box.maxX <= Double(page.width) + 1 && $0.box.maxY <= Double(page.height) + 1 })
    }
}
