import OCRKit

extension PageText {
    /// A page's text as poppler gives it (one string, a box and a font for each character, line
    /// breaks included) made into lines of words: words at white space, lines at line breaks, at
    /// a gutter between columns that poppler's text joined with no space (``OCRKit/Gutter/narrowest``;
    /// "Definitions.1. Source") and where the text goes on back to the left or off the
    /// baseline; then the pieces of a justified line poppler broke around a stretched space made
    /// one line again, wherever it put them (``Self/joined(_:openings:)``).
    /// Soft hyphens are left out, as print leaves them out where a line does not break at them;
    /// where it does, the soft hyphen is kept before the hyphen printed (`erro\u{AD}‐`), so that
    /// joining the line to the next knows the word was broken rather than hyphenated. A footnote's
    /// number printed small and raised against its word is written raised (`paper¹`,
    /// ``OCRKit/FootnoteMark``).
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
                              box.minX - previous.maxX > Gutter.narrowest * max(box.height, previous.height) {
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
                    // A mark is raised against the word's first character, in the word's font.
                    if let base = wordBoxes.first, let baseSize = wordFont?.size, let size = font?.size,
                       isRaised(scalar, box: characterBoxes[index], size: size, over: (base, baseSize)) {
                        word += FootnoteMark.raised(String(scalar))
                    } else {
                        word.unicodeScalars.append(scalar)
                    }
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
        /// (``OCRKit/Gutter``): a justified line's stretched space, which poppler took
        /// for a space (``Opening/afterWideSpace``) or broke its line at
        /// (``Opening/afterLineBreak``: the pieces on one baseline less than ``stretchedSpace``
        /// apart, wherever poppler put them). A gutter between two columns can be as narrow as a
        /// justified line's spaces are wide (1 em); there the pieces stay lines of their own.
        static func joined(_ pieces: [Line], openings: [Opening]) -> [Line] {
            let boxes = pieces.map(\.box)
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
                return candidate.flatMap { Gutter.parts(boxes[$0], piece, among: boxes, lineHeight: piece.height) ? nil : $0 }
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

        /// Whether a character at `box`, after one at `previous` with no line break between, opens
        /// another line: past a gutter with no space between (poppler runs the lines of two cells
        /// or columns on one baseline together, "Definitions.1. Source"; a justified line's
        /// spaces can be as wide, a gap with a space in it is a space), or back to the left or
        /// off the baseline (the next cell's words after the last of the line before).
        private func startsAnotherLine(_ box: Rect, after previous: Rect, spaced: Bool) -> Bool {
            let height = max(box.height, previous.height)
            return (!spaced && box.minX - previous.maxX > Gutter.narrowest * height) || box.maxX <= previous.minX
                || abs(box.midY - previous.midY) > 0.5 * height
        }

        /// Whether `scalar`, printed at `box` in type of `size` points in a word that opens at
        /// `base`, is part of a footnote's mark: a digit or a mark's symbol, in type at most
        /// ``raisedSize`` of the word's, its foot ``raisedFoot`` of the word's height above.
        private func isRaised(_ scalar: Unicode.Scalar, box: Rect, size: Double, over base: (box: Rect, size: Double)) -> Bool {
            FootnoteMark.canBeRaised(scalar) && base.size > 0 && size <= Self.raisedSize * base.size
                && box.maxY < base.box.maxY - Self.raisedFoot * base.box.height
        }

        /// How much smaller than its word a footnote's mark is printed, at most (a browser's
        /// `sup` is 0.83 of its text's size).
        static let raisedSize = 0.9
        /// How far above its word's foot a footnote's mark's foot is, at least, in the word's heights.
        static let raisedFoot = 0.15

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
