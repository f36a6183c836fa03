import OCRKit

/// Tables drawn with rules, found from the lines on a page's image, as pdfplumber finds them
/// from a PDF's drawn lines: a set of long horizontal and vertical rules that touch, at least two
/// of each, is a table's grid. What the layout model misses on a born-digital page: a small
/// ruled table in a column of text, which it takes for text.
///
/// ```swift
/// let boxes = RuledTables.boxes(in: pageImage)   // normalised, like a page's boxes
/// ```
public enum RuledTables {
    /// A horizontal rule is a run of dark pixels this share of the image's width or longer.
    static let horizontalLength = 0.05
    /// A vertical rule is a run this share of the image's height or longer: taller than any
    /// letter's stem, shorter than two rows of a table.
    static let verticalLength = 0.025
    /// A pixel darker than this is ink.
    static let ink: UInt8 = 160
    /// A grid narrower than this share of the image's width is no table.
    static let smallestWidth = 0.1

    /// The boxes of the ruled tables on `image`, normalised to its size, top to bottom.
    public static func boxes(in image: Bitmap) -> [Rect] {
        let width = image.width, height = image.height, channels = image.layout.channels
        guard width > 0, height > 0 else { return [] }
        let pixels = image.pixels

        // Each pixel of a long run: 1 a horizontal rule's, 2 a vertical one's, 3 both.
        var rules = [UInt8](repeating: 0, count: width * height)
        /// Marks with `bit` each pixel of a run of ink `shortest` or longer along each of `lines`
        /// lines of `length` pixels, `index(line, position)` a pixel's place in the image.
        func markRuns(lines: Int, length: Int, shortest: Int, bit: UInt8, index: (Int, Int) -> Int) {
            for line in 0..<lines {
                var position = 0
                while position < length {
                    guard pixels[index(line, position) * channels] < ink else { position += 1; continue }
                    var end = position
                    while end < length, pixels[index(line, end) * channels] < ink { end += 1 }
                    if end - position >= shortest { for run in position..<end { rules[index(line, run)] |= bit } }
                    position = end
                }
            }
        }
        markRuns(lines: height, length: width, shortest: max(20, Int(horizontalLength * Double(width))), bit: 1) { $0 * width + $1 }
        markRuns(lines: width, length: height, shortest: max(10, Int(verticalLength * Double(height))), bit: 2) { $1 * width + $0 }

        // The grids: rules that touch, with at least two rules each way.
        var seen = [Bool](repeating: false, count: width * height)
        var boxes: [Rect] = []
        for start in rules.indices where rules[start] != 0 && !seen[start] {
            var stack = [start], rows = Set<Int>(), columns = Set<Int>()
            var minX = width, minY = height, maxX = 0, maxY = 0
            seen[start] = true
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                if rules[index] & 1 != 0 { rows.insert(y) }
                if rules[index] & 2 != 0 { columns.insert(x) }
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let next = ny * width + nx
                        if rules[next] != 0 && !seen[next] { seen[next] = true; stack.append(next) }
                    }
                }
            }
            guard Double(maxX - minX) >= smallestWidth * Double(width), runs(rows) >= 2, runs(columns) >= 2 else { continue }
            boxes.append(Rect(x: Double(minX) / Double(width), y: Double(minY) / Double(height),
                              width: Double(maxX - minX + 1) / Double(width), height: Double(maxY - minY + 1) / Double(height)))
        }
        return boxes.sorted { $0.minY < $1.minY }
    }

    /// How many runs of consecutive numbers `positions` holds: a rule two pixels thick is one.
    private static func runs(_ positions: Set<Int>) -> Int {
        let sorted = positions.sorted()
        return zip(sorted, sorted.dropFirst()).filter { $1 - $0 > 2 }.count + (sorted.isEmpty ? 0 : 1)
    }
}
