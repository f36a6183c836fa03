import OCRKit
@testable import OCRKitLive
import Testing

@Suite struct PlatePlaceTests {
    /// A frame's page holding lines at `boxes`.
    static func page(_ boxes: [Rect]) -> Page {
        Page(image: "frame", width: 640, height: 360, engine: EngineInfo(name: "test", version: "1"),
             lines: boxes.map { Line(text: "TEXT", confidence: 0.9, box: $0, quad: $0.quad, words: []) })
    }

    private let plate = Rect(x: 0.35, y: 0.40, width: 0.30, height: 0.12)
    /// A dealer's sign under the plate, its letters under half as high.
    private let sign = Rect(x: 0.38, y: 0.62, width: 0.24, height: 0.05)

    @Test func textMuchLowerThanTheTallestOfTheLastSecondIsNotThePlate() {
        var place = PlatePlace(memory: .seconds(1))
        place.record(Self.page([plate, sign]), at: .zero)
        #expect(place.rejection(of: sign)?.hasPrefix("text 42% of the height of the tallest in view") == true)
        #expect(place.rejection(of: plate) == nil)
        // The plate is hidden in the next frame: the sign, the tallest text in it, is still not the plate.
        place.record(Self.page([sign]), at: .milliseconds(100))
        #expect(place.rejection(of: sign)?.hasPrefix("text 42%") == true)
        // A second later the plate is forgotten: the text now tallest may be a plate.
        place.record(Self.page([sign]), at: .milliseconds(1000))
        #expect(place.rejection(of: sign) == nil)
    }

    @Test func textAwayFromWhereTallTextWasInTheFrameBeforeIsNotThePlate() {
        var place = PlatePlace(memory: .seconds(1))
        place.record(Self.page([plate]), at: .zero)
        #expect(place.rejection(of: plate) == nil, "with no frame before, text may be anywhere")
        // Moved by half its height, as a shaking camera moves it: the same text.
        let shaken = Rect(x: 0.40, y: 0.46, width: 0.30, height: 0.12)
        place.record(Self.page([shaken]), at: .milliseconds(100))
        #expect(place.rejection(of: shaken) == nil)
        // As tall, but across the frame: a sticker on the bumper, not the plate.
        let elsewhere = Rect(x: 0.0, y: 0.85, width: 0.3, height: 0.12)
        place.record(Self.page([elsewhere]), at: .milliseconds(200))
        #expect(place.rejection(of: elsewhere) == "away from where tall text was in the frame before")
    }
}
