import OCRKit
import OCRKitEvaluation
import OCRKitExport
import Testing

/// Paragraphs whose text Markdown would take for a block's start (code printed as prose on a
/// scan: "## … tuples?"), written and read back: each is one paragraph with its own text.
struct MarkdownEscapingTests {
    @Test func textThatOpensLikeABlockStaysAParagraph() {
        let texts = ["## … tuples?", "# 1", "###### Six marks", "####### Seven are text anyway", "- not an item", "+ nor this",
                     "1. not a list", "=====", "---"]
        let parts = texts.map { DocumentPart(kind: .text, text: $0, pages: 1...1) }
        let blocks = MarkdownBlock.blocks(ofMarkdown: MarkdownWriter().document(of: parts))
        #expect(blocks.map(\.kind) == Array(repeating: .paragraph, count: texts.count), "\(blocks)")
        #expect(blocks.map(\.text) == texts)
    }
}
