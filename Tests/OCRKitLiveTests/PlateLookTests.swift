import OCRKit
@testable import OCRKitLive
import OCRKitImages
import OCRKitTestSupport
import Testing

@Suite struct PlateLookTests {
    /// Each look painted at test time, its text found by a real engine: the band beside the box
    /// the engine gives tells the family, and where there is none, the plate's proportions do:
    /// a European plate without its band is only a wide one.
    @Test(arguments: [(PaintedPlates.Look.european, PlateFamily?.some(.european), PlateFamily?.some(.european)),
                      (.europeanWithoutBand, .wide, nil), (.mercosur, .mercosur, .mercosur), (.unitedStates, .us, nil)])
    func aPlatesLookTellsItsFamily(look: PaintedPlates.Look, family: PlateFamily?, band: PlateFamily?) async throws {
        for (text, size) in [("RK755AJ", 40), ("AB123CD", 24)] {
            let frame = try PaintedPlates.frame(text, look: look, letterHeight: size)
            let page = try await Scenes.ppocr().read(frame, options: RecognitionOptions())
            // The plate's letters are the tallest text, as the scanner keeps them.
            let line = try #require(page.lines.max { $0.box.height < $1.box.height })
            #expect(line.text.replacingOccurrences(of: " ", with: "") == text)
            let box = line.box.scaled(width: Double(frame.width), height: Double(frame.height))
            #expect(PlateLook.band(around: box, in: frame) == band, "\(look) \(text) at \(size) points, box \(box)")
            #expect(PlateLook.family(around: box, in: frame) == family, "\(look) \(text) at \(size) points, box \(box)")
        }
    }

    /// A light blue window or sky above the car, past the car's own paint, does not make a band the
    /// blue of a blue car; a band faded by the light and smeared by the camera is a band.
    @Test func aBandIsSeenBesideOtherBlueAndFaded() throws {
        var frame = try PaintedPlates.frame("RK755AJ", look: .european)
        var canvas = PaintedPlates.Canvas(frame)
        canvas.fill(Rect(x: 0, y: 0, width: 640, height: 80), (150, 171, 210))
        frame = canvas.bitmap
        let box = Rect(x: 170, y: 125, width: 220, height: 50)
        #expect(PlateLook.band(around: box, in: frame) == .european)
        let faded = Bitmap(width: frame.width, height: frame.height, layout: .rgb,
                           pixels: frame.pixels.map { UInt8(100 + Int($0) * 45 / 100) }, image: "faded")
        #expect(PlateLook.band(around: box, in: PaintedPlates.Canvas(faded).blurred().bitmap) == .european)
    }

    /// A plate on a car as light as itself shows no edge: its proportions tell nothing.
    @Test func aPlateOnALightCarHasNoProportions() throws {
        var canvas = PaintedPlates.Canvas(width: 640, height: 360, colour: PaintedPlates.white)
        let letters = try TextRenderer.render("AB123CD", font: "DejaVu Sans Bold 40", dpi: 72, margin: 0)
        canvas.draw(letters, x: 170, y: 130, ink: PaintedPlates.ink)
        let box = Rect(x: 160, y: 124, width: Double(letters.width + 20), height: Double(letters.height + 12))
        #expect(PlateProportions.plateHeight(around: box, in: canvas.bitmap) == nil)
        #expect(PlateLook.family(around: box, in: canvas.bitmap) == nil)
        // Nor does a box whose middle lies past the frame's foot.
        #expect(PlateLook.family(around: Rect(x: 160, y: 340, width: 200, height: 50), in: canvas.bitmap) == nil)
    }

    /// A plate on a blue car: blue up to the edge of the window searched is not a band.
    @Test func aBlueCarIsNotABand() throws {
        var canvas = PaintedPlates.Canvas(width: 640, height: 360, colour: PaintedPlates.band)
        canvas.fill(Rect(x: 150, y: 100, width: 300, height: 110), PaintedPlates.white)
        let frame = canvas.bitmap
        #expect(PlateLook.band(around: Rect(x: 200, y: 130, width: 200, height: 50), in: frame) == nil)
        // A gray frame shows no colour.
        let european = try PaintedPlates.frame("RK755AJ", look: .european)
        let gray = Bitmap(width: european.width, height: european.height, layout: .gray,
                          pixels: stride(from: 0, to: european.pixels.count, by: 3).map { european.pixels[$0 + 1] }, image: "gray")
        #expect(PlateLook.band(around: Rect(x: 230, y: 130, width: 200, height: 50), in: gray) == nil)
    }
}

@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason), .heavy)
struct PlateFamilyScanTests {
    /// Eight frames of a plate of `look` with letters `size` points high, smeared `blur` times
    /// (small and soft, where the recogniser misreads look-alikes): the values accepted, and the
    /// last value held back with why.
    private func scan(_ text: String, look: PaintedPlates.Look = .unitedStates, size: Int = 40, blur: Int = 0,
                      readsFormatFromLook: Bool = true) async throws -> (accepted: [LiveScanner.Acceptance], held: LiveScanner.Holding?) {
        let scanner = try LiveScanner(engine: Scenes.ppocr(), configuration: .init(readsFormatFromLook: readsFormatFromLook))
        var accepted: [LiveScanner.Acceptance] = [], held: LiveScanner.Holding?
        for frame in try PaintedPlates.sequence(text, look: look, count: 8, letterHeight: size, blur: blur) {
            let step = try await scanner.scan(frame)
            if let acceptance = step.accepted { accepted.append(acceptance) }
            held = step.waiting ?? held
        }
        return (accepted, held)
    }

    /// PP-OCR reads the O of `BA302OZ` as 0 in every frame. Any plate's pattern takes `BA3020Z` as
    /// it is; a plate with an EU band is read with the European formats, where only Italy's and
    /// France's fits, with letters last.
    @Test func anEUBandDecidesALookAlikeTheFramesAllMisread() async throws {
        let european = try await scan("BA302OZ", look: .european).accepted
        #expect(european.map(\.value) == ["BA302OZ"])
        #expect(european.first?.family == .european)
        #expect(try await scan("BA302OZ", look: .european, readsFormatFromLook: false).accepted.map(\.value) != ["BA302OZ"])
        // A European plate of the older design, without a band, is wide: read with the European
        // formats, as no US state's format takes it.
        let older = try await scan("BA302OZ", look: .europeanWithoutBand).accepted
        #expect(older.map(\.value) == ["BA302OZ"] && older.allSatisfy { $0.family == .wide })
        // A US plate has no band and a US plate's proportions: US plates have no letter O.
        let american = try await scan("BA302OZ", look: .unitedStates).accepted
        #expect(american.map(\.value) == ["BA3020Z"] && american.allSatisfy { $0.family == .us })
    }

    /// `CJ1P5G` small and soft: its 1 reads as 1 in most frames and as I (or L) in some, with I
    /// second at about a quarter of the evidence. With no family it leads its look-alike by
    /// enough to be read as the frames read it; on a US plate, the states' formats (`AB1C2D`)
    /// settle it, and the grounds say so.
    @Test func aOneTheFramesAlsoReadAsIIsSettledByAStatesFormat() async throws {
        let unknown = try await scan("CJ1P5G", size: 10, blur: 2, readsFormatFromLook: false)
        #expect(unknown.accepted.map(\.value) == ["CJ1P5G"])
        let one = try #require(unknown.accepted.first?.grounds.characters[2])
        #expect(one.runnerUp == "I" && one.runnerUpShare > 0.2 && one.share - one.runnerUpShare > 0.25)
        let american = try await scan("CJ1P5G", size: 10, blur: 2)
        #expect(american.accepted.map(\.value) == ["CJ1P5G"])
        #expect(american.accepted.first?.family == .us && american.accepted.first?.grounds.formats == "us-states")
    }

    /// California's plates are a digit, three letters, three digits. Small and soft, `4GLS168`'s
    /// S reads as 5 and `7ABC123`'s B as 8 in every frame, but not surely: on a US plate,
    /// California's format settles them.
    @Test func aCaliforniaPlateIsReadWithItsFormat() async throws {
        #expect(try await scan("4GLS168", size: 9, blur: 1, readsFormatFromLook: false).accepted.map(\.value) == ["4GL5168"])
        #expect(try await scan("4GLS168", size: 9, blur: 1).accepted.map(\.value) == ["4GLS168"])
        #expect(try await scan("7ABC123", size: 9, blur: 1).accepted.map(\.value) == ["7ABC123"])
    }

    /// A bolt between two letters of a US plate read as an L (`SH5LR7X`): no state's format takes
    /// that, and one takes it with that letter dropped (`SH5R7X`). The frames or the format are
    /// wrong, and which cannot be told: neither is reported. With no family, it is read as it is.
    @Test func aLetterMoreThanAStatesFormatHasWaits() async throws {
        let inserted = try await scan("SH5LR7X", size: 24)
        #expect(inserted.accepted.isEmpty && inserted.held?.reason == .formatRival("SH5R7X"))
        #expect(try await scan("SH5LR7X", size: 24, readsFormatFromLook: false).accepted.map(\.value) == ["SH5LR7X"])
    }

    /// A dealer's sign is as wide as a European plate, white, with dark letters: on a wide plate
    /// without a band, text longer than a US plate that no European format takes is no plate.
    @Test func aWideSignsTextIsNoPlate() async throws {
        #expect(try await scan("SALE2499", look: .europeanWithoutBand).accepted.isEmpty)
        #expect(try await scan("SALE2499", look: .europeanWithoutBand, readsFormatFromLook: false).accepted.map(\.value) == ["SALE2499"])
    }

    /// A plate as wide as a European one, but whose read a US state's format takes as it is
    /// (`ABC1234`), is not read with the European formats: a US plate is never taken for a
    /// European one without a band.
    @Test func aWidePlateAUSFormatTakesIsNotReadAsEuropean() throws {
        #expect(PlateFamily.wide.fitting("BDJ0529") == nil)
        #expect(PlateFamily.wide.fitting("RK708A1")?.value == "RK708AI")
        #expect(PlateFamily.european.fitting("BDJ0529")?.value == "BDJ0529")
    }
}
