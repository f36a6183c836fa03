import OCRKit
import OCRKitImages

/// Colour frames of number plates of four looks, painted at test time: a European plate (a blue
/// band down its left side, with stars and the country's letters), one of an older design (the
/// country's shield in place of the band), a Mercosur plate (a blue band across its top, with the
/// country's name) and a US plate (the state's name in red above dark letters), each on a car's
/// gray, with its letters in DejaVu Sans Bold (Condensed on the US plate).
public enum PaintedPlates {
    public enum Look: Sendable { case european, europeanWithoutBand, mercosur, unitedStates }

    public typealias Colour = (red: UInt8, green: UInt8, blue: UInt8)
    public static let band: Colour = (0, 51, 153), white: Colour = (250, 250, 250), ink: Colour = (20, 20, 20)
    public static let car: Colour = (95, 98, 104), stars: Colour = (255, 204, 0), red: Colour = (190, 30, 40)

    /// A 640 x 360 frame with a plate of `look` reading `text`, its letters `letterHeight` points
    /// high, its left edge at `x` (moved right by `shift`, as a shaking camera would).
    public static func frame(_ text: String, look: Look, letterHeight: Int = 40, x: Int = 150, shift: Int = 0) throws -> Bitmap {
        var canvas = Canvas(width: 640, height: 360, colour: car)
        // US plates' letters are narrower than Europe's.
        let font = look == .unitedStates ? "DejaVu Sans Condensed Bold" : "DejaVu Sans Bold"
        let letters = try TextRenderer.render(text, font: "\(font) \(letterHeight)", dpi: 72, margin: 0)
        let height = letters.height, left = x + shift
        switch look {
        case .european, .europeanWithoutBand:
            // 520 x 110 mm, the band 45 mm wide, the letters 400 mm across.
            let plateHeight = max(height * 5 / 4, letters.width * 11 / 40), bandWidth = plateHeight * 2 / 5
            let plate = Rect(x: Double(left), y: 120, width: Double(bandWidth + letters.width + plateHeight / 2), height: Double(plateHeight))
            canvas.fill(plate, white)
            if look == .european {
                canvas.fill(Rect(x: plate.x, y: plate.y, width: Double(bandWidth), height: plate.height), band)
                for star in 0..<6 {
                    canvas.fill(Rect(x: plate.x + Double(bandWidth) * (0.25 + 0.1 * Double(star)), y: plate.y + Double(plateHeight) * 0.15,
                                     width: 2, height: 2), stars)
                }
            } else {
                // The country's shield: red, with blue hills at its foot.
                let shield = Rect(x: plate.x + Double(bandWidth) / 4, y: plate.y + Double(plateHeight) / 5,
                                  width: Double(bandWidth) / 2, height: Double(plateHeight) * 2 / 5)
                canvas.fill(shield, red)
                canvas.fill(Rect(x: shield.x, y: shield.maxY - shield.height / 3, width: shield.width, height: shield.height / 3), band)
            }
            canvas.draw(try TextRenderer.render("SK", font: "DejaVu Sans Bold \(letterHeight / 4)", dpi: 72, margin: 0),
                        x: left + bandWidth / 5, y: Int(plate.maxY) - plateHeight / 3, ink: look == .european ? white : ink)
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
            // 12 x 6 inches: the state's name above letters across most of the plate's width.
            let plateHeight = letters.width * 5 / 8
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

        /// A canvas over the pixels of a colour `bitmap`.
        public init(_ bitmap: Bitmap) {
            precondition(bitmap.layout == .rgb, "a canvas is in colour")
            (width, height, pixels) = (bitmap.width, bitmap.height, bitmap.pixels)
        }

        public var bitmap: Bitmap { Bitmap(width: width, height: height, layout: .rgb, pixels: pixels, image: "painted plate") }

        /// The picture smeared over three pixels across, as a camera's slight motion smears it.
        public func blurred() -> Canvas {
            var blurred = self
            for y in 0..<height {
                for x in 1..<(width - 1) {
                    for channel in 0..<3 {
                        let sum = (-1...1).reduce(0) { $0 + Int(pixels[(y * width + x + $1) * 3 + channel]) }
                        blurred.pixels[(y * width + x) * 3 + channel] = UInt8(sum / 3)
                    }
                }
            }
            return blurred
        }

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
