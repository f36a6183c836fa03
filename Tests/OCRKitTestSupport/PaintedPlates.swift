import OCRKit
import OCRKitImages

/// Colour frames of number plates of three looks, painted at test time: a European plate (a blue
/// band down its left side, with stars and the country's letters), a Mercosur plate (a blue band
/// across its top, with the country's name) and a US plate (the state's name in red above dark
/// letters), each on a car's gray, with its letters in DejaVu Sans Bold.
public enum PaintedPlates {
    public enum Look: Sendable { case european, mercosur, unitedStates }

    public typealias Colour = (red: UInt8, green: UInt8, blue: UInt8)
    public static let band: Colour = (0, 51, 153), white: Colour = (250, 250, 250), ink: Colour = (20, 20, 20)
    public static let car: Colour = (95, 98, 104), stars: Colour = (255, 204, 0), red: Colour = (190, 30, 40)

    /// A 640 x 360 frame with a plate of `look` reading `text`, its letters `letterHeight` points
    /// high, its left edge at `x` (moved right by `shift`, as a shaking camera would).
    public static func frame(_ text: String, look: Look, letterHeight: Int = 40, x: Int = 150, shift: Int = 0) throws -> Bitmap {
        var canvas = Canvas(width: 640, height: 360, colour: car)
        let letters = try TextRenderer.render(text, font: "DejaVu Sans Bold \(letterHeight)", dpi: 72, margin: 0)
        let height = letters.height, left = x + shift
        switch look {
        case .european:
            // 520 x 110 mm, the band 45 mm wide: the letters a little over two thirds of the height.
            let plateHeight = height * 3 / 2, bandWidth = plateHeight * 2 / 5
            let plate = Rect(x: Double(left), y: 120, width: Double(bandWidth + letters.width + plateHeight / 2), height: Double(plateHeight))
            canvas.fill(plate, white)
            canvas.fill(Rect(x: plate.x, y: plate.y, width: Double(bandWidth), height: plate.height), band)
            for star in 0..<6 {
                canvas.fill(Rect(x: plate.x + Double(bandWidth) * (0.25 + 0.1 * Double(star)), y: plate.y + Double(plateHeight) * 0.15,
                                 width: 2, height: 2), stars)
            }
            canvas.draw(try TextRenderer.render("SK", font: "DejaVu Sans Bold \(letterHeight / 4)", dpi: 72, margin: 0),
                        x: left + bandWidth / 5, y: Int(plate.maxY) - plateHeight / 3, ink: white)
            canvas.draw(letters, x: left + bandWidth + plateHeight / 6, y: 120 + (plateHeight - height) / 2, ink: ink)
        case .mercosur:
            // 400 x 130 mm, a band of a quarter of the height across the top.
            let plateHeight = height * 2, bandHeight = plateHeight / 4
            let plate = Rect(x: Double(left), y: 100, width: Double(letters.width + plateHeight / 2), height: Double(plateHeight))
            canvas.fill(plate, white)
            canvas.fill(Rect(x: plate.x, y: plate.y, width: plate.width, height: Double(bandHeight)), band)
            canvas.draw(try TextRenderer.render("BRASIL", font: "DejaVu Sans Bold \(letterHeight / 4)", dpi: 72, margin: 0),
                        x: left + letters.width / 2, y: 100 + bandHeight / 4, ink: white)
            canvas.draw(letters, x: left + plateHeight / 4, y: 100 + bandHeight + (plateHeight - bandHeight - height) / 2, ink: ink)
        case .unitedStates:
            // 12 x 6 inches: the state's name above letters half the plate's height.
            let plateHeight = height * 2
            let plate = Rect(x: Double(left), y: 100, width: Double(plateHeight * 2), height: Double(plateHeight))
            canvas.fill(plate, white)
            let state = try TextRenderer.render("Ohio", font: "DejaVu Serif Italic \(letterHeight / 3)", dpi: 72, margin: 0)
            canvas.draw(state, x: left + plateHeight - state.width / 2, y: 100 + plateHeight / 12, ink: red)
            canvas.draw(letters, x: left + plateHeight - letters.width / 2, y: 100 + (plateHeight - height) * 2 / 3, ink: ink)
        }
        return canvas.bitmap
    }

    /// An RGB picture painted a rectangle and a letter at a time.
    public struct Canvas {
        public let width: Int, height: Int
        private var pixels: [UInt8]

        public init(width: Int, height: Int, colour: Colour) {
            self.width = width
            self.height = height
            pixels = (0..<width * height).flatMap { _ in [colour.red, colour.green, colour.blue] }
        }

        public var bitmap: Bitmap { Bitmap(width: width, height: height, layout: .rgb, pixels: pixels, image: "painted plate") }

        public mutating func fill(_ rect: Rect, _ colour: Colour) {
            for y in max(0, Int(rect.minY))..<min(height, Int(rect.maxY)) {
                for x in max(0, Int(rect.minX))..<min(width, Int(rect.maxX)) { set(x, y, colour, alpha: 1) }
            }
        }

        /// Paints gray `letters` (dark on white) at `x`, `y` in `ink`, their edges blended.
        public mutating func draw(_ letters: Bitmap, x: Int, y: Int, ink: Colour) {
            for row in 0..<letters.height where y + row >= 0 && y + row < height {
                for column in 0..<letters.width where x + column >= 0 && x + column < width {
                    let alpha = 1 - Double(letters.pixels[row * letters.width + column]) / 255
                    if alpha > 0 { set(x + column, y + row, ink, alpha: alpha) }
                }
            }
        }

        private mutating func set(_ x: Int, _ y: Int, _ colour: Colour, alpha: Double) {
            let offset = (y * width + x) * 3
            for (channel, value) in [colour.red, colour.green, colour.blue].enumerated() {
                let old = Double(pixels[offset + channel])
                pixels[offset + channel] = UInt8((old + (Double(value) - old) * alpha).rounded())
            }
        }
    }
}
