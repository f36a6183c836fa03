import OCRKit

extension PageText {
    /// A page's text as poppler gives it (one string, a box and a font for each character, line
    /// breaks included) made into lines of words: words at white space, lines at line breaks, at
    /// a gutter between columns that poppler's text joined with no space (``Self/gutter``;
    /// "Definitions.1. Source") and where the text goes on back to the left or off the
    /// baseline; then the pieces of a justified line poppler broke around a stretched space made
    /// one line again, wherever it put them (``Self/joined(_:openings:)``).
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
            // Pieces of lines: poppler's lines, parted at a gutter; and which may go on the piece
            // before (after a line break or a space as wide as a gutter).
            var pieces: [Line] = [], openings: [Opening] = [], words: [Word] = [], opening = Opening.line
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
                pieces.append(Line(text: words.map(\.text).joined(separator: " "), confidence: 1, box: normalised(box), quad: pixels(box),
                                   words: words))
                openings.append(opening)
                (words, lineBox, opening) = ([], nil, .line)
            }
            // The last character's box, and whether white space came after it.
            var previous: Rect?, spaced = false
            for (index, scalar) in scalars.enumerated() {
                let font = font(at: index)
                if hasBoxes, !scalar.properties.isWhitespace {
                    let box = characterBoxes[index]
                    if let previous, startsAnotherLine(box, after: previous, spaced: spaced) {
                        endLine()
                    } else if let previous, spaced, lineBox != nil || !word.isEmpty,
                              box.minX - previous.maxX > Self.gutter * max(box.height, previous.height) {
                        // A space as wide as a gutter inside a line: a stretched one, or poppler's
                        // between two columns.
                        endLine()
                        opening = .afterWideSpace
                    }
                    (previous, spaced) = (box, false)
                } else {
                    spaced = true
                }
                if scalar == "\n" {
                    endLine()
                    opening = .afterLineBreak
                } else if scalar.properties.isWhitespace {
                    endWord()
                } else if scalar != Hyphen.soft || breaksLine(at: index, in: scalars) {
                    word.unicodeScalars.append(scalar)
                    wordFont = wordFont ?? font
                    if hasBoxes { wordBoxes.append(characterBoxes[index]) }
                }
            }
            endLine()
            return hasBoxes ? Self.joined(pieces, openings: openings) : pieces
        }

        /// How a piece of a line opens, after the piece before it in poppler's text.
        enum Opening {
            /// A line of its own: at a gutter poppler left no space in, back to the left, off the baseline.
            case line
            /// After a line break: on the baseline of another piece, wherever that is, it may go on it.
            case afterLineBreak
            /// After a space as wide as a gutter, which poppler took for one: it may go on the piece before.
            case afterWideSpace
        }

        /// `pieces` made lines again where one goes on another across a space that is no gutter
        /// (``isGutter(between:_:in:)``): a justified line's stretched space, which poppler took
        /// for a space (``Opening/afterWideSpace``) or broke its line at
        /// (``Opening/afterLineBreak``: the pieces on one baseline less than ``stretchedSpace``
        /// apart, wherever poppler put them). A gutter between two columns can be as narrow as a
        /// justified line's spaces are wide (1 em); there the pieces stay lines of their own.
        static func joined(_ pieces: [Line], openings: [Opening]) -> [Line] {
            // The piece each goes on, if any.
            let previous: [Int?] = pieces.indices.map { index in
                let piece = pieces[index].box
                let candidate: Int?
                switch openings[index] {
                case .line: return nil
                case .afterWideSpace: candidate = index > 0 ? index - 1 : nil
                case .afterLineBreak:
                    // The nearest before it on its baseline.
                    candidate = pieces.indices.filter { other in
                        let box = pieces[other].box, height = max(box.height, piece.height)
                        let gap = piece.minX - box.maxX
                        return other != index && abs(box.maxY - piece.maxY) < 0.2 * height && gap > 0 && gap < stretchedSpace * height
                    }.max { pieces[$0].box.maxX < pieces[$1].box.maxX }
                }
                return candidate.flatMap { isGutter(between: $0, index, in: pieces) ? nil : $0 }
            }
            // Each line in the place of its first piece, its pieces left to right.
            func first(_ index: Int) -> Int { previous[index].map(first) ?? index }
            var lines: [Int: Line] = [:]
            for index in pieces.indices.sorted(by: { pieces[$0].box.minX < pieces[$1].box.minX }) {
                let root = first(index), piece = pieces[index]
                guard var line = lines[root] else {
                    lines[root] = piece
                    continue
                }
                line.text += " " + piece.text
                line.words += piece.words
                line.box = line.box.union(piece.box)
                line.quad = line.quad.boundingRect.union(piece.quad.boundingRect).quad
                lines[root] = line
            }
            return pieces.indices.compactMap { lines[$0] }
        }

        /// The widest gap, in characters' heights, between two pieces of a line on one baseline:
        /// a justified line's spaces stretched around a long word.
        static let stretchedSpace = 4.0

        /// How many lines' heights above and below a space the lines around it are looked at.
        static let neighbourhood = 10.0

        /// How many rows around a space (taken every half a line's height: 8 are 4 lines), with a
        /// piece opening where the piece after the space opens (white before it), make the space
        /// a gutter: a column's rows all open at its left edge, to the point; a justified
        /// paragraph's stretched spaces fall in different places.
        static let gutterRows = 8

        /// The share of the rows around a space, printed on both sides of it, that are white just
        /// before the piece after it, that makes it a gutter (a column of indented lines, whose
        /// rows open in different places): a paragraph's rows are white in any one place
        /// in one row of five or so.
        static let gutterShare = 0.75

        /// Whether the space between pieces `first` and `second` is a gutter, as the rows above
        /// and below say (up to ``neighbourhood`` heights away): ``gutterRows`` of them or more
        /// have a piece opening where `second` opens, within an eighth of a line's height, white
        /// for half a line's height before it; or, at some place in the space, ``gutterShare`` of
        /// the rows printed on both sides of it or across it, ``gutterRows`` at least, are white.
        private static func isGutter(between first: Int, _ second: Int, in pieces: [Line]) -> Bool {
            let left = pieces[first].box, right = pieces[second].box, height = right.height
            let near = pieces.filter { abs($0.box.midY - right.midY) < (neighbourhood + 1) * height }.map(\.box)
            // Rows every half a line's height, the pieces' own aside: two columns' lines need not
            // share their baselines.
            let rows = stride(from: -neighbourhood, through: neighbourhood, by: 0.5).filter { abs($0) >= 1 }.map { offset in
                let y = right.midY + offset * height
                return near.filter { $0.minY <= y && y <= $0.maxY }
            }
            let before = right.minX - height / 2
            let aligned = rows.filter { row in
                row.contains { abs($0.minX - right.minX) < height / 8 } && !row.contains { $0.minX < before && before < $0.maxX }
            }
            if aligned.count >= gutterRows { return true }
            // Or, somewhere in the space, the rows printed on both sides of that place, or across
            // it, are white there (the piece after it may open indented, past the column's edge).
            return stride(from: left.maxX + height / 4, to: right.minX, by: height / 4).contains { x in
                let printed = rows.filter { row in
                    row.contains { $0.minX < x && x < $0.maxX }
                        || (row.contains { $0.maxX <= x && $0.maxX > left.minX } && row.contains { $0.minX >= x })
                }
                let white = printed.filter { row in !row.contains { $0.minX < x && x < $0.maxX } }
                return printed.count >= gutterRows && Double(white.count) >= gutterShare * Double(printed.count)
            }
        }

        /// The narrowest gap between two characters of a line with no space between, in their
        /// height, that parts two columns: kerning and letter spacing are a small fraction of it.
        static let gutter = 0.6

        /// Whether a character at `box`, after one at `previous` with no line break between, opens
        /// another line: past a gutter with no space between (poppler runs the lines of two cells
        /// or columns on one baseline together, "Definitions.1. Source"; a justified line's
        /// spaces can be as wide, a gap with a space in it is a space), or back to the left or
        /// off the baseline (the next cell's words after the last of the line before).
        private func startsAnotherLine(_ box: Rect, after previous: Rect, spaced: Bool) -> Bool {
            let height = max(box.height, previous.height)
            return (!spaced && box.minX - previous.maxX > Self.gutter * height) || box.maxX <= previous.minX
                || abs(box.midY - previous.midY) > 0.5 * height
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
