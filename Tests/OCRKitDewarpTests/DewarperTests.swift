import Foundation
import OCRKit
import OCRKitDewarp
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Testing

@Suite struct DewarperTests {
    @Test func aPhotoOfAPageReadsLikeTheFlatPage() async throws {
        let page = try Pages.page()
        var simulation = DocumentPhotoSimulation(seed: 5)
        simulation.turnedShare = 0
        let photo = simulation.photo(of: page, number: 1)
        let corrected = try await Dewarper(configuration: .init(workerCount: 1)).correct(photo.bitmap)

        let corners = try #require(corrected.correction.corners, "the page is found")
        #expect(photo.page.match(corners).distance < 0.015 * Pages.diagonal(of: photo.bitmap))
        #expect(corrected.correction.imageWidth == photo.bitmap.width && corrected.correction.imageHeight == photo.bitmap.height)
        let flat = try await Pages.errorRate(of: page), straightened = try await Pages.errorRate(of: corrected.bitmap)
        let asTaken = try await Pages.errorRate(of: photo.bitmap)
        #expect(straightened <= flat + 0.03, "corrected \(straightened), flat \(flat)")
        #expect(straightened < asTaken, "corrected \(straightened), as photographed \(asTaken)")
    }

    @Test(arguments: [1, 2, 3])
    func turnsPagesUpright(turns: Int) async throws {
        let dewarper = Dewarper(configuration: .init(workerCount: 1), orientationDetector: try Pages.orientationDetector())
        let sideways = try Pages.page().turned(clockwiseQuarterTurns: turns)
        let corrected = try await dewarper.correct(sideways)
        #expect(corrected.correction.quarterTurns == (4 - turns) % 4)
        #expect(try #require(corrected.correction.orientationConfidence) >= 0.5)
        #expect(try await Pages.errorRate(of: corrected.bitmap) < 0.05)
    }

    @Test func turnsAPhotoTakenSidewaysUpright() async throws {
        var simulation = DocumentPhotoSimulation(seed: 9)
        simulation.turnedShare = 1
        let photo = simulation.photo(of: try Pages.page(), number: 0)
        let dewarper = Dewarper(configuration: .init(workerCount: 1), orientationDetector: try Pages.orientationDetector())
        let corrected = try await dewarper.correct(photo.bitmap)
        let corners = try #require(corrected.correction.corners)
        #expect(corrected.correction.quarterTurns == photo.page.match(corners).quarterTurnsToUpright)
        #expect(try await Pages.errorRate(of: corrected.bitmap) < 0.05)
    }

    @Test func levelsATiltedScan() async throws {
        let page = try Pages.page()
        // Turned 4 degrees clockwise, its lines tilt 4 degrees the other way.
        let tilted = try Bitmap(width: page.width, height: page.height, layout: .rgb,
                                pixels: page.pixels.flatMap { [$0, $0, $0] }, source: "tilted").rotated(byDegrees: 4)
        let corrected = try await Dewarper(configuration: .init(workerCount: 1)).correct(tilted)
        #expect(!corrected.correction.foundPage)
        #expect(abs(corrected.correction.skewDegrees + 4) < 0.3, "measured \(corrected.correction.skewDegrees)")
        #expect(try await Pages.errorRate(of: corrected.bitmap) < 0.05)
    }

    @Test func anImageWithoutAPageIsUsedWhole() async throws {
        let page = try Pages.page()
        let corrected = try await Dewarper(configuration: .init(workerCount: 1)).correct(page)
        #expect(corrected.correction == PageCorrection(imageWidth: page.width, imageHeight: page.height, evensLighting: true))
        // Clean, level, white paper: evening its light changes nothing.
        #expect(corrected.bitmap.pixels == page.pixels)
    }

    @Test func aShadowAcrossThePageIsEvenedOut() async throws {
        let page = try Pages.page()
        // The right half of the page in shadow, at 55% of the light.
        let shaded = Bitmap(width: page.width, height: page.height, layout: .gray, pixels: page.pixels.enumerated().map { index, level in
            index % page.width > page.width / 2 ? UInt8(Double(level) * 0.55) : level
        }, source: "shaded")
        var unevened = Dewarper.Configuration(workerCount: 1)
        unevened.evensLighting = false
        let evened = try await Dewarper(configuration: .init(workerCount: 1)).correct(shaded).bitmap
        let paper = evened.pixels[(page.height / 2) * page.width + page.width - 5]
        #expect(paper > 240, "the shaded paper is white again: \(paper)")
        #expect(try await Pages.errorRate(of: evened) <= (try await Pages.errorRate(of: Dewarper(configuration: unevened).correct(shaded).bitmap)))
        #expect(try await Pages.errorRate(of: evened) < 0.05)
    }

    @Test(arguments: [Bitmap.Layout.gray, .rgb])
    func tinyAndBlankImagesAreUsedWhole(layout: Bitmap.Layout) async throws {
        let dewarper = Dewarper(configuration: .init(workerCount: 1), orientationDetector: try Pages.orientationDetector())
        for (width, height) in [(1, 1), (8, 8), (3, 900)] {
            let blank = Bitmap(width: width, height: height, layout: layout,
                               pixels: Array(repeating: 255, count: width * height * layout.channels), source: "blank")
            let corrected = try await dewarper.correct(blank)
            #expect(!corrected.correction.foundPage && corrected.correction.quarterTurns == 0)
            #expect(corrected.bitmap.width == width && corrected.bitmap.height == height)
        }
    }

    @Test func replayingACorrectionMakesTheSameImage() async throws {
        let photo = DocumentPhotoSimulation(seed: 2).photo(of: try Pages.page(), number: 3).bitmap
        let dewarper = Dewarper(configuration: .init(workerCount: 1), orientationDetector: try Pages.orientationDetector())
        let corrected = try await dewarper.correct(photo)
        let replayed = try await dewarper.apply(corrected.correction, to: photo)
        #expect(replayed.width == corrected.bitmap.width && replayed.height == corrected.bitmap.height)
        #expect(replayed.pixels == corrected.bitmap.pixels)
    }

    @Test func aReaderStraightensPhotosOnlyWhenAsked() async throws {
        let folder = try TemporaryFolder()
        var simulation = DocumentPhotoSimulation(seed: 4)
        simulation.turnedShare = 0
        let path = folder.file("photo.png")
        try ImageWriter.write(simulation.photo(of: try Pages.page(), number: 0).bitmap, to: path)

        let plain = PageReader(decoder: ImageLoader(), engine: try Pages.tesseract())
        #expect(try await plain.read(path).correction == nil)
        await #expect {
            try await plain.read(path, options: RecognitionOptions(correctsPage: true))
        } throws: { error in
            (error as? OCRError)?.code == .invalidOption && (error as? OCRError)?.path == path
        }

        let reader = PageReader(decoder: ImageLoader(), engine: try Pages.tesseract(),
                                corrector: Dewarper(configuration: .init(workerCount: 1)))
        let page = try await reader.read(path, options: RecognitionOptions(correctsPage: true))
        let correction = try #require(page.correction)
        #expect(correction.foundPage)
        #expect(page.text.contains("Total due: 1,234.56 EUR"), "read: \(page.text)")
        // The boxes refer to the straightened image, which can be had again from the file.
        let image = try await reader.decoder.image(of: page, correctedBy: reader.corrector)
        #expect(image.width == page.width && image.height == page.height)
        #expect(page.lines.allSatisfy { $0.box.maxX <= Double(page.width) + 1 && $0.box.maxY <= Double(page.height) + 1 })
    }
}
