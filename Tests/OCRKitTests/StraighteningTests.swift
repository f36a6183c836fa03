import Foundation
import OCRKit
import Testing

@Suite struct StraighteningTests {
    let straightening = Straightening(
        imageWidth: 4000, imageHeight: 3000,
        corners: Quad(topLeft: Point(x: 410, y: 220), topRight: Point(x: 3500, y: 380),
                      bottomRight: Point(x: 3380, y: 2790), bottomLeft: Point(x: 520, y: 2650)),
        pageConfidence: 0.93, evensLighting: true, skewDegrees: -0.8, quarterTurns: 1, orientationConfidence: 0.71)

    @Test func aPageKeepsItsStraighteningThroughJSON() throws {
        var page = makePage()
        page.straightening = straightening
        let json = try page.jsonData()
        #expect(try Page(jsonData: json) == page)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let written = try #require(object["straightening"] as? [String: Any])
        #expect(written["foundPage"] as? Bool == true)
        #expect((written["corners"] as? [[Double]])?.first == [410, 220])
    }

    @Test func noPageFoundIsWrittenOut() throws {
        var page = makePage()
        page.straightening = Straightening(imageWidth: 800, imageHeight: 600, evensLighting: true)
        let object = try #require(try JSONSerialization.jsonObject(with: try page.jsonData()) as? [String: Any])
        let written = try #require(object["straightening"] as? [String: Any])
        #expect(written["foundPage"] as? Bool == false)
        #expect(written["corners"] == nil && written["orientationConfidence"] == nil)
        #expect(try Page(jsonData: try page.jsonData()).straightening == page.straightening)
    }

    /// A page only turned upright needs no straightener to be made again; one straightened and
    /// then turned further adds the turns, and takes the later detector's confidence.
    @Test func aTurnIsAStraighteningOfItsOwnAndFollowsAnother() {
        let sideways = Bitmap(width: 30, height: 20, layout: .gray, pixels: [UInt8](repeating: 255, count: 600), image: "sideways.png")
        let turn = Straightening(turning: sideways, by: TextOrientation(quarterTurns: 3, confidence: 0.9))
        #expect(turn.onlyTurns && !straightening.onlyTurns)
        #expect(turn.imageWidth == 30 && turn.imageHeight == 20 && turn.quarterTurns == 3)
        let both = straightening.followed(by: turn)
        #expect(both.quarterTurns == 0 && both.orientationConfidence == 0.9)
        #expect(both.corners == straightening.corners && both.imageWidth == straightening.imageWidth)
    }

    @Test func aPageReadAsItWasHasNoStraighteningKey() throws {
        let json = String(decoding: try makePage().jsonData(), as: UTF8.self)
        #expect(!json.contains("straightening"))
    }

    @Test func laidOutAgainAPageKeepsItsStraightening() {
        var page = makePage()
        page.straightening = straightening
        #expect(page.removingLines(shorterThan: 0.01).straightening == straightening)
        #expect(page.replacingLayout([[page.lines]]).straightening == straightening)
    }

    /// Pages and options stored before the words were settled (a queue's results and batches) say
    /// `correction`, `correctsPage` and `reviewThreshold`.
    @Test func pagesAndOptionsStoredUnderTheOlderNamesReadTheSame() throws {
        var page = makePage()
        page.straightening = straightening
        let json = String(decoding: try page.jsonData(), as: UTF8.self)
        let older = Data(json.replacingOccurrences(of: "\"straightening\"", with: "\"correction\"").utf8)
        #expect(try Page(jsonData: older).straightening == straightening)
        let options = Data(#"{"languages":["eng"],"alternativeCount":3,"reviewThreshold":0.3,"correctsPage":true}"#.utf8)
        let decoded = try JSONDecoder().decode(RecognitionOptions.self, from: options)
        #expect(decoded.straightensPage)
        #expect(decoded.flagThreshold == 0.3)
    }

    @Test func optionsStoredBeforeStraighteningExistedDoNotStraighten() throws {
        let stored = Data(#"{"languages":["eng"],"alternativeCount":3,"reviewThreshold":0.5}"#.utf8)
        #expect(try JSONDecoder().decode(RecognitionOptions.self, from: stored).straightensPage == false)
        let options = RecognitionOptions(straightensPage: true)
        #expect(try JSONDecoder().decode(RecognitionOptions.self, from: try JSONEncoder().encode(options)).straightensPage)
    }
}

@Suite struct BitmapTurningTests {
    /// 3 x 2, gray: 1 2 3 / 4 5 6.
    let bitmap = Bitmap(width: 3, height: 2, layout: .gray, pixels: [1, 2, 3, 4, 5, 6], image: "grid", resolution: 300)

    @Test func aQuarterTurnClockwisePutsTheLeftColumnOnTop() {
        let turned = bitmap.turned(clockwiseQuarterTurns: 1)
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned.pixels == [4, 1, 5, 2, 6, 3])
        #expect(turned.resolution == 300 && turned.image == "grid")
    }

    @Test func halfAndThreeQuarterTurns() {
        #expect(bitmap.turned(clockwiseQuarterTurns: 2).pixels == [6, 5, 4, 3, 2, 1])
        #expect(bitmap.turned(clockwiseQuarterTurns: 3).pixels == [3, 6, 2, 5, 1, 4])
        #expect(bitmap.turned(clockwiseQuarterTurns: -1).pixels == [3, 6, 2, 5, 1, 4])
    }

    @Test func fourTurnsAreNoneAndRGBKeepsItsChannels() {
        #expect(bitmap.turned(clockwiseQuarterTurns: 4).pixels == bitmap.pixels)
        let rgb = Bitmap(width: 2, height: 1, layout: .rgb, pixels: [1, 2, 3, 4, 5, 6], image: "pair")
        #expect(rgb.turned(clockwiseQuarterTurns: 1).pixels == [1, 2, 3, 4, 5, 6])
        #expect(rgb.turned(clockwiseQuarterTurns: 2).pixels == [4, 5, 6, 1, 2, 3])
    }
}
