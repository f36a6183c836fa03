import OCRKit

extension PageText {
    /// A page's text as poppler gives it (one string, a box and a font for each character, line
    /// breaks included) made into lines of words: words at white space, lines at line breaks and
    /// at a gutter between columns (``Self/gutter``) that poppler's text joined with no space,
    /// where two columns' lines share a baseline ("Definitions.1. Source"), and where the text
    /// goes on back to the left or off the baseline. (A justified line's spaces can be as wide
    /// as a gutter: a gap with a space in it is a space.)
    /// Soft hyphens are left out, as print leaves them out where a line does not break at them;
    /// where it does, the soft hyphen is kept before the hyphen printed (`erro\u{AD}‐`), so that
    /// joining the line to the next knows the word was broken rather than hyphenated.
    struct Layer {
        let text: String
        /// One a character of ``text``, in points from the page's top left; when poppler gives
        /// another count, every word has the page's box.
        let characterBoxes: [Rect]
        /// Runs of ``text``'s characters and their font.
        let fonts: [(characters: ClosedRange<Int>, font: Font)]
        /// The page's box, in points.
        let size: Rect
        /// Pixels a point at the page's resolution.
        let scale: Double

        func lines() -> [Line] {
            let scalars = Array(text.unicodeScalars)
            let hasBoxes = characterBoxes.count == scalars.count
            var lines: [Line] = [], words: [Word] = []
            var word = "", wordBoxes: [Rect] = [], wordFont: Font?, lineBox: Rect?
            var fontRuns = fonts.sorted { $0.characters.lowerBound < $1.characters.lowerBound }[...]
            func font(at index: Int) -> Font? {
                while let first = fontRuns.first, first.characters.upperBound < index { fontRuns = fontRuns.dropFirst() }
                return fontRuns.first.flatMap { $0.characters.contains(index) ? $0.font : nil }
            }
            func endWord() {
                guard !word.isEmpty else { return }
                let box = hasBoxes ? wordBoxes.dropFirst().reduce(wordBoxes[0]) { $0.union($1) } : size
                words.append(Word(text: word, confidence: 1, box: normalised(box), quad: pixels(box), font: wordFont))
                lineBox = lineBox.map { $0.union(box) } ?? box
                (word, wordBoxes, wordFont) = ("", [], nil)
            }
            func endLine() {
                endWord()
                guard let box = lineBox else { return }
                lines.append(Line(text: words.map(\.text).joined(separator: " "), confidence: 1, box: normalised(box), quad: pixels(box),
                                  words: words))
                (words, lineBox) = ([], nil)
            }
            // The last character's box, and whether white space came after it.
            var previous: Rect?, spaced = false
            for (index, scalar) in scalars.enumerated() {
                let font = font(at: index)
                if hasBoxes, !scalar.properties.isWhitespace {
                    let box = characterBoxes[index]
                    if let previous, startsAnotherLine(box, after: previous, spaced: spaced) { endLine() }
                    (previous, spaced) = (box, false)
                } else {
                    spaced = true
                }
                if scalar == "\n" {
                    if hasBoxes, let previous, continuesLine(after: previous, at: index + 1, in: scalars) {
                        endWord()
                    } else {
                        endLine()
                    }
                } else if scalar.properties.isWhitespace {
                    endWord()
                } else if scalar != Hyphen.soft || breaksLine(at: index, in: scalars) {
                    word.unicodeScalars.append(scalar)
                    wordFont = wordFont ?? font
                    if hasBoxes { wordBoxes.append(characterBoxes[index]) }
                }
            }
            endLine()
            return lines
        }

        /// The narrowest gap between two characters of a line with no space between them, in
        /// their height, that parts two columns: kerning and letter spacing are a small fraction
        /// of it.
        static let gutter = 0.6

        /// Whether a character at `box`, after one at `previous` with no line break between, opens
        /// another line: past a gutter with no space between, or back to the left or off the
        /// baseline (poppler runs the lines of two cells or columns on one baseline together,
        /// the next cell's words after the last of the line before).
        private func startsAnotherLine(_ box: Rect, after previous: Rect, spaced: Bool) -> Bool {
            let height = max(box.height, previous.height)
            if !spaced && box.minX - previous.maxX > Self.gutter * height { return true }
            return box.maxX <= previous.minX || abs(box.midY - previous.midY) > 0.5 * height
        }

        /// The widest gap, in characters' heights, between two pieces of a line on one baseline
        /// that poppler gave as two lines: a justified line's spaces stretched around a long word.
        static let stretchedSpace = 3.0

        /// Whether the text at `index`, after a line break, goes on the line that ended with a
        /// character at `previous`: on its baseline, a little to its right.
        private func continuesLine(after previous: Rect, at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
            guard let next = scalars[index...].firstIndex(where: { !$0.properties.isWhitespace }) else { return false }
            let box = characterBoxes[next], height = max(box.height, previous.height)
            return abs(box.maxY - previous.maxY) < 0.2 * height && box.minX > previous.maxX
                && box.minX - previous.maxX < Self.stretchedSpace * height
        }

        /// Whether the soft hyphen at `index` is where its line breaks: a hyphen and the line's end follow.
        private func breaksLine(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
            let next = index + 1, afterNext = index + 2
            return next < scalars.count && Hyphen.characters.contains(scalars[next])
                && (afterNext == scalars.count || scalars[afterNext] == "\n")
        }

        private func normalised(_ rect: Rect) -> Rect {
            Rect(x: rect.minX / size.width, y: rect.minY / size.height, width: rect.width / size.width, height: rect.height / size.height)
        }

        private func pixels(_ rect: Rect) -> Quad {
            Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale).quad
        }
    }
}
