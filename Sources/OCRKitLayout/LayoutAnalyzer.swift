import OCRKit

/// Rebuilds a page's reading order, blocks and paragraphs from its lines' boxes alone, whatever
/// engine found them.
///
/// Lines that a text detector found in pieces are rebuilt from their words first
/// (``LayoutOptions/wordRegrouping``, decided by the page's ``OCRKit/EngineInfo/lineFinding``); duplicate detections
/// are dropped (the more confident kept); the page's dominant angle is
/// undone, so skewed pages read like straight ones; columns are found by recursive XY-cut and
/// read in turn, top to bottom, vertical text right to left; the lines of each block are split
/// into paragraphs at wide gaps, indents and bullets.
///
/// ```swift
/// let page = try await reader.read("Samples/letter.png")
/// let arranged = LayoutAnalyzer().arrange(page)
/// print(arranged.text)          // the left column, then the right
/// ```
public struct LayoutAnalyzer: PageArranger {
    public var options: LayoutOptions

    public init(options: LayoutOptions = LayoutOptions()) {
        self.options = options
    }

    public func arrange(_ page: Page) -> Page {
        guard !page.lines.isEmpty else { return page }
        var page = page
        if regroupsWords(of: page) {
            page = page.replacingLayout(
                [[WordGrouper(options: options).lines(from: page.words, pageWidth: page.width, pageHeight: page.height)]])
        }
        let frame = ReadingFrame(quads: page.lines.map(\.quad))
        let rects = page.lines.map { frame.rect(of: $0.quad) }
        // Lines an engine reported twice: the more confident is kept, in the page's order.
        let kept = Rect.indicesWithoutDuplicates(rects, confidences: page.lines.map(\.confidence), overlap: options.duplicateOverlap,
                                                 containment: options.duplicateContainment).sorted()
        let lineHeight = kept.map { rects[$0].height }.median ?? 1

        let cut = XYCut(lineHeight: lineHeight, options: options)
        let items = kept.map { XYCut.Item(index: $0, rect: rects[$0], words: max(page.lines[$0].words.count,
                                                                                page.lines[$0].text.split(separator: " ").count)) }
        let splitter = ParagraphSplitter(lineHeight: lineHeight, options: options)
        let layout: [[[Line]]] = cut.blocks(items).map { block in
            let lines = block.map { (text: page.lines[$0.index].text, rect: $0.rect) }
            return splitter.paragraphs(lines).map { range in block[range].map { page.lines[$0.index] } }
        }
        return page.replacingLayout(layout)
    }

    private func regroupsWords(of page: Page) -> Bool {
        guard !page.words.isEmpty else { return false }
        switch options.wordRegrouping {
        case .whenLinesWereDetected: return page.engine.lineFinding == .textDetection
        case .always: return true
        case .never: return false
        }
    }
}
