import Foundation
import OCRKit
@testable import OCRKitPDF
import Testing

/// The parts of a searchable page that need no PDF to check: the font file, where pixels fall on
/// the page, and the text layer's operators.
struct TextLayerTests {
    @Test func theGlyphlessFontIsAWholeTrueTypeFile() {
        // Example from Sources/OCRKitPDF/TextLayer/GlyphlessFont.swift
        let bytes = GlyphlessFont.trueType   // a complete TrueType file

        func uint32(_ offset: Int) -> UInt32 { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        #expect(uint32(0) == 0x0001_0000)
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let tags = (0..<count).map { String(decoding: bytes[(12 + 16 * $0)..<(16 + 16 * $0)], as: UTF8.self) }
        #expect(tags == tags.sorted())
        #expect(Set(tags).isSuperset(of: ["cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "OS/2", "post"]))
        // The whole file sums to TrueType's magic number once head's adjustment is in.
        let sum = stride(from: 0, to: bytes.count, by: 4).reduce(UInt32(0)) { $0 &+ uint32($1) }
        #expect(bytes.count % 4 == 0 && sum == 0xB1B0_AFBA)
        #expect(bytes.count < 1024)
    }

    @Test func imageCornersLandOnThePageCornersAViewerShowsThere() {
        // Example from Sources/OCRKitPDF/TextLayer/PageTransform.swift
        let transform = PageTransform(box: Rect(x: 0, y: 0, width: 612, height: 792), rotation: 0,
                                      imageWidth: 2550, imageHeight: 3300)
        let corner = transform.apply(Point(x: 0, y: 0))   // (0, 792): the top left

        #expect(corner == Point(x: 0, y: 792))
        // A page turned a quarter clockwise for showing: the image's top left is the box's bottom
        // left, and its top right the box's top left.
        let box = Rect(x: 10, y: 20, width: 600, height: 800)
        let turned = PageTransform(box: box, rotation: 90, imageWidth: 800, imageHeight: 600)
        #expect(turned.apply(Point(x: 0, y: 0)) == Point(x: 10, y: 20))
        #expect(turned.apply(Point(x: 800, y: 0)) == Point(x: 10, y: 820))
        #expect(turned.apply(Point(x: 800, y: 600)) == Point(x: 610, y: 820))
        let upsideDown = PageTransform(box: box, rotation: 180, imageWidth: 600, imageHeight: 800)
        #expect(upsideDown.apply(Point(x: 0, y: 0)) == Point(x: 610, y: 20))
        let back = PageTransform(box: box, rotation: 270, imageWidth: 800, imageHeight: 600)
        #expect(back.apply(Point(x: 0, y: 0)) == Point(x: 610, y: 820))
        #expect(back.apply(Point(x: 800, y: 600)) == Point(x: 10, y: 20))
    }

    @Test func aLineIsOneRunOnOneBaselineWithASpaceAfterEachWordButTheLast() {
        func word(_ text: String, _ x: Double, _ width: Double, top: Double) -> Word {
            let quad = Quad(topLeft: Point(x: x, y: top), topRight: Point(x: x + width, y: top),
                            bottomRight: Point(x: x + width, y: 140), bottomLeft: Point(x: x, y: 140))
            return Word(text: text, confidence: 0.9, box: quad.boundingRect, quad: quad)
        }
        let words = [word("Total", 100, 200, top: 100), word("due:", 320, 150, top: 105), word("€12", 500, 120, top: 98)]
        let quad = Quad(topLeft: Point(x: 100, y: 100), topRight: Point(x: 620, y: 100),
                        bottomRight: Point(x: 620, y: 140), bottomLeft: Point(x: 100, y: 140))
        let line = Line(text: "Total due: €12", confidence: 0.9, box: quad.boundingRect, quad: quad, words: words)
        let page = Page(image: "page.png", width: 1000, height: 1000, engine: EngineInfo(name: "test", version: "1"), lines: [line])
        let transform = PageTransform(box: Rect(x: 0, y: 0, width: 1000, height: 1000), rotation: 0, imageWidth: 1000, imageHeight: 1000)

        // Example from Sources/OCRKitPDF/TextLayer/TextLayer.swift
        let stream = TextLayer(page: page, transform: transform, fontName: "OCRKitText").content()

        let text = String(decoding: stream, as: UTF8.self)
        let operators = text.split(separator: "\n")
        #expect(operators.first == Substring(TextLayer.marker))
        #expect(operators.filter { $0.hasSuffix("Tf") } == ["/OCRKitText 40 Tf"], "one font size a line: its height")
        let placed = operators.filter { $0.hasSuffix("Tj") }
        #expect(placed.count == 3, "one Tm a word")
        // Every word on the line's baseline (y = 1000 - 140, and a fifth of the line's height up), in order, with its space.
        #expect(placed.allSatisfy { $0.contains(" 868 Tm ") })
        let shown = text.matches(of: /<([0-9A-F]+)>/).map { String($0.1) }
        #expect(shown == ["Total", " ", "due:", " ", "€12"].map(TextLayer.hex))
        // Each word stretched over its box, its space reaching the next word (20 pixels: 0.5 of
        // the 40-point font, more than the widest space kept, so "Total" takes the rest).
        let stretches = text.matches(of: /([0-9.]+) Tz/).map { Double($0.1)! }
        let em = 20.0
        #expect(abs(stretches[0] * 5 * em / 100 - (320 - 100 - 0.3 * 40)) < 0.01)
        #expect(abs(stretches[1] * em / 100 - 0.3 * 40) < 0.01)
        #expect(abs(stretches[4] * 3 * em / 100 - 120) < 0.01, "the last word: its own box")
        #expect(text.contains("3 Tr"), "invisible")
    }
}
