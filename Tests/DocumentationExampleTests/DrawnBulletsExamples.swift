import OCRKit
import OCRKitImages
import OCRKitStructure
import Testing

/// The example of bullets drawn, not written, on a page of a PDF's own text.
struct DrawnBulletsExamples {
    /// A 600 x 200 page as a browser prints it: two lines' ink (as bars) and a disc drawn left of
    /// the second, with the text layer's two lines, which hold no bullet.
    private static func fruitPage() -> (page: Page, image: Bitmap) {
        var pixels = [UInt8](repeating: 255, count: 600 * 200)
        let ink = [(x: 100, y: 42, width: 200, height: 20), (x: 130, y: 112, width: 300, height: 20), (x: 105, y: 118, width: 10, height: 10)]
        for mark in ink {
            for y in mark.y..<(mark.y + mark.height) {
                for x in mark.x..<(mark.x + mark.width) { pixels[y * 600 + x] = 20 }
            }
        }
        func line(_ text: String, x: Int, y: Int, width: Int) -> Line {
            let box = Rect(x: Double(x) / 600, y: Double(y) / 200, width: Double(width) / 600, height: 30.0 / 200)
            let quad = box.scaled(width: 600, height: 200).quad
            let words = [Word(text: text, confidence: 1, box: box, quad: quad)]
            return Line(text: text, confidence: 1, box: box, quad: quad, words: words)
        }
        let lines = [line("Fruits we sell:", x: 100, y: 35, width: 200), line("Apples, picked in the autumn", x: 130, y: 105, width: 300)]
        let page = Page(image: "fruit.pdf", width: 600, height: 200, engine: EngineInfo(name: Page.embeddedTextEngine, version: "1"),
                        layout: [[[lines[0]]], [[lines[1]]]])
        return (page, Bitmap(width: 600, height: 200, layout: .gray, pixels: pixels, image: "fruit.pdf"))
    }

    @Test func aDrawnDiscBecomesABullet() {
        let (textLayerPage, pageImage) = Self.fruitPage()
        // Example from Sources/OCRKitStructure/DrawnBullets.swift
        let page = DrawnBullets.marked(textLayerPage, image: pageImage)
        print(page.lines.map(\.text))   // ["Fruits we sell:", "• Apples, picked in the autumn", ...]
        #expect(page.lines.map(\.text) == ["Fruits we sell:", "• Apples, picked in the autumn"])
    }
}
