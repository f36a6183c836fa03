import OCRKit

/// A paragraph of a page as it is printed: its lines in reading order, where it lies, the look
/// of its type, and what the page's structure called it where it was read. What a
/// ``DocumentConverter`` tells a heading, a footnote or a running header from.
struct PrintedParagraph {
    var lines: [Line]
    /// Where it lies, normalised like the page's boxes.
    var box: Rect
    /// The kind of the page's region it lies in, where the page's regions were read.
    var region: Region.Kind?
    /// Its cells, when the paragraph is a table's block.
    var table: Table?
    /// Which figure it is, when the paragraph stands for a figure (its lines none).
    var figure: Figure?
    var look: Look

    /// The look of a paragraph's type.
    struct Look: Hashable {
        /// Its size, of the kind ``sizing`` says.
        var size: Double
        var isBold: Bool
        var isItalic: Bool
        var isMonospace: Bool
        var sizing: Sizing

        /// What a look's size measures; sizes of two kinds are never compared.
        enum Sizing: Hashable {
            /// The size of its fonts in points, where the page says them (a PDF's own text).
            case points
            /// Its small letters' height in pixels, measured from a scan (``OCRKit/MeasuredType``).
            case xHeight
            /// Its line's height in pixels, where nothing else says.
            case lineHeight
        }

        /// Whether its size and weight are its fonts'.
        var hasFonts: Bool { sizing == .points }

        /// The look of `line`: its words' fonts, the font of most of its letters deciding; else
        /// its measured type, weighed against its page's `body` text's (``BodyType``); else its
        /// height.
        init(of line: Line, body: BodyType?) {
            let fonts = line.words.compactMap { word in word.font.map { (font: $0, letters: Double(word.text.count)) } }
            guard !fonts.isEmpty else {
                if let measured = line.measuredType {
                    let xHeight = BodyType.xHeight(of: line, measured: measured)
                    self.init(size: xHeight, isBold: body?.isBold(measured, xHeight: xHeight) ?? false,
                              isItalic: false, isMonospace: false, sizing: .xHeight)
                } else {
                    self.init(size: line.quad.boundingRect.height, isBold: false, isItalic: false, isMonospace: false, sizing: .lineHeight)
                }
                return
            }
            let letters = fonts.map(\.letters).reduce(0, +)
            /// Whether the line is all of a kind: a word or two in bold or in code in a line of
            /// prose do not make it a heading or code.
            func all(_ property: (Font) -> Bool) -> Bool {
                fonts.filter { property($0.font) }.map(\.letters).reduce(0, +) >= Rules.lookShare * letters
            }
            // The size of most letters: a superscript's mark or an inline word of another size does not change it.
            var bySize: [Double: Double] = [:]
            for (font, count) in fonts { bySize[Self.size(of: font), default: 0] += count }
            self.init(size: bySize.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }!.key,
                      isBold: all(\.isBold), isItalic: all(\.isItalic), isMonospace: all(\.isMonospace), sizing: .points)
        }

        /// The look of one word's `font`.
        init(of font: Font) {
            self.init(size: Self.size(of: font), isBold: font.isBold, isItalic: font.isItalic, isMonospace: font.isMonospace, sizing: .points)
        }

        /// `font`'s size to the half point letters are measured to.
        private static func size(of font: Font) -> Double {
            (font.size * 2).rounded() / 2
        }

        init(size: Double, isBold: Bool, isItalic: Bool, isMonospace: Bool, sizing: Sizing) {
            self.size = size
            self.isBold = isBold
            self.isItalic = isItalic
            self.isMonospace = isMonospace
            self.sizing = sizing
        }

        /// Whether this look and `other`, both measured on scans, are one: of one weight, their
        /// sizes within ``Rules/sameXHeight``.
        func isMeasuredAlike(_ other: Look) -> Bool {
            sizing == .xHeight && other.sizing == .xHeight && isBold == other.isBold
                && abs(size - other.size) <= Rules.sameXHeight * max(size, other.size)
        }

        /// Whether a line of this look and one of `other` can be lines of one paragraph: sizes
        /// within ``Rules/sameSize``, the same weight and spacing.
        func isLike(_ other: Look) -> Bool {
            // A scan's lines vary in size as measured, yet bold type stands out, and bold lines
            // as far apart in size as a heading from its text are two headings (a section's
            // and its first subsection's); sizes of two kinds say nothing of a change of type.
            if sizing == .xHeight && other.sizing == .xHeight {
                return isBold == other.isBold && (!isBold || max(size, other.size) < Rules.headingHeight * min(size, other.size))
            }
            guard hasFonts, other.hasFonts else { return true }
            return abs(size - other.size) <= Rules.sameSize * max(size, other.size)
                && isBold == other.isBold && isMonospace == other.isMonospace
        }
    }

    /// Its lines' texts in order.
    var texts: [String] { lines.map(\.text) }

    /// Whether it is justified to its last line: all its lines, two or more, set full
    /// (``Rules/fullLine``). A paragraph's own last line is set short unless its words happen
    /// to fill it; one that a column's end cuts is full.
    var endsFull: Bool {
        lines.count >= 2 && lines.allSatisfy { box.maxX - $0.box.maxX <= Rules.fullLine * box.width }
    }

    /// Its letters, for weighing it against others.
    var letters: Int { lines.reduce(0) { $0 + $1.text.count } }

    /// The page's paragraphs in reading order (a table's block one paragraph, a figure one
    /// without its words), each split where
    /// the look of its type changes from one line to the next (a heading printed without a gap
    /// above its text is a paragraph of its own), and after a line that stops well short of the
    /// others when the next opens a sentence (a paragraph's last line, a sign's short line).
    static func paragraphs(of page: Page) -> [PrintedParagraph] {
        var found: [PrintedParagraph] = []
        let figures = page.figures
        let body = BodyType(of: page.lines)
        for group in page.blockGroups {
            // A figure's words (a chart's labels) are its picture's, not the document's text.
            if let region = group.region, let index = figures.firstIndex(of: region) {
                found.append(PrintedParagraph(figure: Figure(region, number: index + 1, of: page)))
                continue
            }
            for blockIndex in group.blocks {
                if let table = page.table(ofBlock: blockIndex) {
                    found.append(PrintedParagraph(table: table))
                    continue
                }
                for paragraphIndex in page.blocks[blockIndex].paragraphs {
                    let lines = page.paragraphs[paragraphIndex].lines.map { page.lines[$0] }
                    found += split(lines, region: group.region?.kind, body: body)
                }
            }
        }
        return found
    }

    /// `lines` as paragraphs of one look each, broken after short lines.
    private static func split(_ lines: [Line], region: Region.Kind?, body: BodyType?) -> [PrintedParagraph] {
        var paragraphs: [PrintedParagraph] = []
        let left = lines.map(\.box.minX).min() ?? 0, right = lines.map(\.box.maxX).max() ?? 0
        for (index, line) in lines.enumerated() {
            let look = Look(of: line, body: body)
            let endsShort = index > 0 && lines[index - 1].box.maxX < right - Rules.shortLine * (right - left)
            let opensSentence = line.text.first.map { !$0.isLowercase } ?? false
            // A line all of inline code (a name that ends a sentence) goes on a paragraph of
            // prose in the same block, unless the line before introduces code with a colon.
            let codeGoingOn = look.isMonospace && paragraphs.last.map { !$0.look.isMonospace } == true
                && !(index > 0 && lines[index - 1].text.hasSuffix(":"))
            if let last = paragraphs.last,
               last.look.isLike(look) || codeGoingOn
                || goesOnRun(of: lines[index - 1], in: line, lineLook: look, paragraph: last.look, afterShortLine: endsShort),
               !(endsShort && opensSentence) {
                paragraphs[paragraphs.count - 1].lines.append(line)
                paragraphs[paragraphs.count - 1].box = last.box.union(line.box)
            } else {
                paragraphs.append(PrintedParagraph(lines: [line], box: line.box, region: region, look: look))
            }
        }
        return paragraphs
    }

    /// Whether `line` goes on a run of type that `previous`, a line of a paragraph of `look`,
    /// ends in, its sentence not ended: a bold phrase or a quotation's bold signature broken
    /// across the lines ("…developer." - **Parti-** / **cipant 242611698**), which makes `line`
    /// all bold, yet no heading. (A bold heading before a paragraph opening in bold is in the
    /// run's look.) A scan's lines say no word's type: there a word broken across them, or a
    /// sentence going on at a word, goes on across a change of weight (two bold lines are one
    /// paragraph by their sizes: "Troubleshooting" over "macOS SIP" are two headings); a bracket
    /// under a bold line opens code or a note, no phrase of the line's ("Data" over `[dirs]`).
    /// A run breaks across lines where its line is full: after a line that ends short
    /// (`afterShortLine`: a heading standing alone, "Aware" over its code `mode = "aware"`),
    /// nothing goes on it.
    static func goesOnRun(of previous: Line, in line: Line, lineLook: Look, paragraph look: Look, afterShortLine: Bool) -> Bool {
        guard !afterShortLine else { return false }
        guard look.hasFonts else {
            let opensWithWord = line.text.first.map { $0.isLetter || $0.isNumber } ?? false
            return look.isBold != lineLook.isBold && opensWithWord && Continuation.goesOn(previous.text, in: line.text)
        }
        guard let end = previous.words.last, let endFont = end.font, let start = line.words.first?.font,
              !Continuation.endsSentence(end.text) else { return false }
        let run = Look(of: endFont)
        return !look.isLike(run) && run.isLike(Look(of: start))
    }
}

extension PrintedParagraph {
    init(lines: [Line], box: Rect, region: Region.Kind?, look: Look) {
        self.init(lines: lines, box: box, region: region, table: nil, figure: nil, look: look)
    }

    /// A table's paragraph: its cells; no lines of text, no look.
    init(table: Table) {
        self.init(lines: [], box: table.box, region: .table, table: table, figure: nil, look: .none)
    }

    /// A figure's paragraph: no lines of text, no look.
    init(figure: Figure) {
        self.init(lines: [], box: figure.box, region: .figure, table: nil, figure: figure, look: .none)
    }
}

private extension PrintedParagraph.Look {
    /// The look of a paragraph with no type: a table's, a figure's.
    static let none = Self(size: 0, isBold: false, isItalic: false, isMonospace: false, sizing: .lineHeight)
}
