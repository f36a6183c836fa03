import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitTestSupport
import Testing

@Suite(.onThreadsOfTheirOwn) struct LiveEvaluationTests {
    /// A 400 x 300 scene of vertical stripes, with a dark target in the middle.
    private let scene: Bitmap = {
        var pixels = [UInt8]()
        for row in 0..<300 {
            for column in 0..<400 {
                let inTarget = (170..<230).contains(column) && (135..<165).contains(row)
                pixels.append(inTarget ? 20 : UInt8(100 + (column / 10 % 2) * 100))
            }
        }
        return Bitmap(width: 400, height: 300, layout: .gray, pixels: pixels, image: "stripes")
    }()
    private let target = Rect(x: 170, y: 135, width: 60, height: 30)

    @Test func theSameSeedFilmsTheSameFrames() {
        let camera = CameraSimulation(scene: scene, target: target, seed: 3)
        let again = CameraSimulation(scene: scene, target: target, seed: 3)
        let other = CameraSimulation(scene: scene, target: target, seed: 4)
        for index in [0, 9, 20] {
            #expect(camera.frame(index).pixels == again.frame(index).pixels)
            #expect(camera.frame(index).pixels != other.frame(index).pixels)
        }
        #expect(camera.frame(0).width == 240 && camera.frame(0).height == 144 && camera.frame(0).layout == .rgb)
        #expect(camera.time(of: 15) == .seconds(1.5))
    }

    @Test func theCameraPansOntoTheTargetAndHoldsIt() {
        let camera = CameraSimulation(scene: scene, target: target, seed: 1)
        #expect(!camera.showsTarget(in: 0))
        #expect((camera.panFrames..<camera.frameCount).allSatisfy { camera.showsTarget(in: $0) })
        // Held in view, the target is darker than the stripes around it in the region's middle.
        let frame = camera.frame(camera.panFrames + 2)
        let middle = (frame.height / 2 * frame.width + frame.width / 2) * 3
        #expect(frame.pixels[middle] < 90)
    }

    @Test func otherTextIsPlacedBelowTheTarget() {
        let sign = Bitmap(width: 40, height: 10, layout: .gray, pixels: [UInt8](repeating: 0, count: 400), image: "sign")
        let camera = CameraSimulation(scene: scene, target: target, overlay: sign, seed: 1)
        // Below the target by 60% of its height, centred on it.
        let row = 165 + 18 + 5, column = 200
        #expect(camera.scene.pixels[(row * 400 + column) * 3] == 0)
        #expect(scene.pixels[row * 400 + column] != 0)
    }

    @Test func liveScoresCountAcceptancesAgainstSingleFrames() {
        var score = LiveScore()
        score.add(plate: "AB12CDE", frames: [
            .init(isRead: true, showsPlate: false, topRead: "MOTORS", accepted: nil),
            .init(isRead: true, showsPlate: true, topRead: "AB12CDE", accepted: nil),
            .init(isRead: false, showsPlate: true, topRead: nil, accepted: nil),
            .init(isRead: true, showsPlate: true, topRead: "A812CDE", accepted: "AB12CDE"),
            .init(isRead: true, showsPlate: true, topRead: "AB12CDE", accepted: "AB12CDE"),
        ])
        score.add(plate: "XY34ZZZ", frames: [
            .init(isRead: true, showsPlate: true, topRead: "MOTORS", accepted: "MOTORS"),
        ])
        #expect(score.sequences == 2 && score.platesAccepted == 1)
        #expect(score.acceptedAccuracy == 0.5)
        #expect(score.singleFrameAccuracy == 2.0 / 4)
        #expect(score.framesToAcceptance == [2])
        #expect(score.duplicates == 1 && score.falseAccepts == 1)
        #expect(score.framesRead == 5 && score.falseAcceptsPerThousandFrames == 200)
    }

    @Test func aPlateCountsAsReadWhenEnoughReadFramesHaveItAsTheirBestRead() {
        let frames: [LiveScore.FrameRecord] = [
            .init(isRead: true, showsPlate: true, topRead: "AB12CDE", accepted: nil),
            // A frame skipped does not count, whatever it holds.
            .init(isRead: false, showsPlate: true, topRead: "AB12CDE", accepted: nil),
            .init(isRead: true, showsPlate: true, topRead: "A812CDE", accepted: nil),
            .init(isRead: true, showsPlate: true, topRead: "ab12 cde", accepted: nil),
        ]
        var twice = LiveScore(framesToCountAsRead: 2), thrice = LiveScore(framesToCountAsRead: 3)
        twice.add(plate: "AB12CDE", frames: frames)
        thrice.add(plate: "AB12CDE", frames: frames)
        #expect(twice.platesRead == 1 && twice.readAccuracy == 1)
        #expect(thrice.platesRead == 0 && thrice.platesAccepted == 0)
    }

    @Test func plateBoxesAreReadAndCheckedLineByLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array("#image\tregion\tx\ty\tw\th\tplate\ncars/a.jpg\tus\t10\t20\t60\t30\tAB123\n".utf8),
                                    to: "boxes.tsv")
        let boxes = try PlateBoxes(contentsOf: path)
        #expect(boxes.entries.count == 1)
        #expect(boxes.entries[0].box == Rect(x: 10, y: 20, width: 60, height: 30))
        #expect(boxes.entries[0].plate == "AB123" && boxes.entries[0].imagePath == folder.file("cars/a.jpg"))

        let absolute = try folder.write(Array("/data/cars/b.jpg\tus\t1\t2\t3\t4\tXY99\n".utf8), to: "absolute.tsv")
        #expect(try PlateBoxes(contentsOf: absolute).entries.map(\.imagePath) == ["/data/cars/b.jpg"])

        let broken = try folder.write(Array("cars/a.jpg\tus\t10\tten\t60\t30\tAB123\n".utf8), to: "broken.tsv")
        #expect { try PlateBoxes(contentsOf: broken) } throws: {
            "\($0)".contains("broken.tsv") && "\($0)".contains("line 1")
        }
    }
}

/// The dev set's parts follow from each photo's file name alone.
@Suite struct DataSetPartTests {
    @Test func aPhotosPartIsItsFileNamesWhereverTheFileIs() {
        let name = "0b86cecf-67d1-4fc0-87c9-b36b0ee228bb.jpg"
        #expect(DataSetPart(of: name) == DataSetPart(of: "/elsewhere/endtoend/us/" + name))
        let parts = (0..<200).map { DataSetPart(of: "photo-\($0).jpg") }
        // About half of any list falls in each part.
        #expect((80...120).contains(parts.count { $0 == .tuning }))
    }
}
