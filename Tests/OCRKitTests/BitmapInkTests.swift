import OCRKit
import Testing

struct BitmapInkTests {
    /// A white 100 x 100 page with two dark bars: rows 10 to 19 and 60 to 69, columns 10 to 89,
    /// the second a mid grey that Otsu's threshold still counts as ink.
    private let page: Bitmap = {
        let pixels = (0..<10_000).map { index -> UInt8 in
            let x = index % 100, y = index / 100
            guard (10..<90).contains(x) else { return 255 }
            return (10..<20).contains(y) ? 0 : (60..<70).contains(y) ? 100 : 255
        }
        return Bitmap(width: 100, height: 100, layout: .gray, pixels: pixels, image: "bars.png")
    }()

    @Test func inkOutsideTheRegionsIsMeasuredAsAShareOfAllInk() {
        let first = Rect(x: 0.05, y: 0.05, width: 0.9, height: 0.2), second = Rect(x: 0.05, y: 0.55, width: 0.9, height: 0.2)
        #expect(page.inkShare(outside: [first, second]) == 0)
        #expect(page.inkShare(outside: [first]) == 0.5)
        #expect(page.inkShare(outside: []) == 1)
        #expect(page.inkShare(outside: [Rect(x: 0.05, y: 0.05, width: 0.45, height: 0.2)]) == 0.75)
    }

    @Test func colourPagesAreJudgedByTheirBrightness() {
        let colour = Bitmap(width: 100, height: 100, layout: .rgb, pixels: page.pixels.flatMap { [$0, $0, $0] }, image: "bars.png")
        #expect(colour.inkShare(outside: [Rect(x: 0.05, y: 0.05, width: 0.9, height: 0.2)]) == 0.5)
    }

    @Test func aBlankPageHasNoInkToMiss() {
        let blank = Bitmap(width: 10, height: 10, layout: .gray, pixels: [UInt8](repeating: 255, count: 100), image: "blank.png")
        #expect(blank.inkShare(outside: []) == 0)
    }

    /// A line's margin is as long as its height in pixels, however wide the image: a line alone
    /// in a wide image whose first word alone was read leaves its second unread.
    @Test func aLinesMarginIsMeasuredInPixels() {
        // 400 x 40: a word at columns 20 to 99 and another at 200 to 379, rows 10 to 29.
        let pixels = (0..<16_000).map { index -> UInt8 in
            let x = index % 400, y = index / 400
            return (10..<30).contains(y) && ((20..<100).contains(x) || (200..<380).contains(x)) ? 0 : 255
        }
        let line = Bitmap(width: 400, height: 40, layout: .gray, pixels: pixels, image: "line.png")
        let box = Rect(x: 0.05, y: 0.25, width: 0.2, height: 0.5)
        let first = Line(text: "Назва", confidence: 0.97, box: box, quad: box.quad)
        #expect(line.inkShare(outsideMarginsOf: [first]) == 180.0 / 260.0)
        let whole = Rect(x: 0.05, y: 0.25, width: 0.9, height: 0.5)
        #expect(line.inkShare(outsideMarginsOf: [Line(text: "Назва кольору", confidence: 0.97, box: whole, quad: whole.quad)]) == 0)
    }
}
