import Foundation
import OCRKitEvaluation
import Testing

/// The conversion score on a real document, this repository's docs/conversion.md (headings, a
/// list, code, a table, paragraphs), against conversions of it damaged one way at a time: each
/// measure moves for its own fault and not for the others'.
@Suite struct ConversionScoreTests {
    let markdown: String
    let truth: [MarkdownBlock]

    init() throws {
        markdown = try String(contentsOfFile: "docs/conversion.md", encoding: .utf8)
        truth = MarkdownBlock.blocks(ofMarkdown: markdown)
    }

    func score(_ read: String, brokenWords: [String] = []) -> ConversionScore {
        var score = ConversionScore()
        score.add(read: read, truth: truth, brokenWords: brokenWords)
        return score
    }

    /// The blocks' texts as paragraphs of Markdown, one after another.
    func markdown(of blocks: [MarkdownBlock]) -> String {
        blocks.map { block in
            switch block.kind {
            case .heading(let level): String(repeating: "#", count: level) + " " + block.text
            case .code: "```\n" + block.text + "\n```"
            case .item: "- " + block.text
            default: block.text
            }
        }.joined(separator: "\n\n")
    }

    @Test func blocksOfARealDocument() throws {
        let headings = truth.filter { if case .heading = $0.kind { true } else { false } }
        #expect(headings.first == MarkdownBlock(kind: .heading(level: 1), text: "Documents converted whole"))
        #expect(truth.contains { $0.kind == .item && $0.text.hasPrefix("a soft hyphen (U+00AD) is left out") })
        #expect(truth.contains { $0.kind == .code && $0.text.contains("\n") })
        let table = try #require(truth.first { $0.kind == .table })
        #expect(table.tableHTML?.contains("<td>part</td>") == true && table.text.contains("reading order"))
    }

    @Test func theDocumentItselfScoresPerfectly() {
        let score = score(markdown)
        #expect(score.textEditDistance == 0 && score.headingsF1 == 1 && score.tablesTEDS == 1)
        #expect(score.paragraphs > 5 && score.paragraphsWhole == 1 && score.paragraphOrder == 1)
    }

    @Test func aParagraphSplitInTwoIsNoLongerWhole() throws {
        let longest = try #require(truth.indices.filter { truth[$0].kind == .paragraph }.max { truth[$0].text.count < truth[$1].text.count })
        var blocks = truth.filter { $0.kind != .table }
        let index = try #require(blocks.firstIndex(of: truth[longest]))
        let words = blocks[index].text.split(separator: " ")
        blocks[index].text = words.prefix(words.count / 2).joined(separator: " ")
        blocks.insert(MarkdownBlock(kind: .paragraph, text: words.dropFirst(words.count / 2).joined(separator: " ")), at: index + 1)
        let score = score(markdown(of: blocks))
        #expect(score.paragraphsWhole == Double(score.paragraphs - 1) / Double(score.paragraphs))
        #expect(score.headingsF1 == 1 && score.tablesTEDS == 0, "the table was left out")
    }

    @Test func headingsWrittenAsTextAreNotHeadings() {
        let blocks = truth.map { block in
            guard case .heading = block.kind else { return block }
            return MarkdownBlock(kind: .paragraph, text: block.text)
        }
        let score = score(markdown(of: blocks.filter { $0.kind != .table }))
        #expect(score.headingsF1 == 0 && score.paragraphsWhole == 1)
    }

    @Test func paragraphsInReverseOrderHaveATauNearMinusOne() {
        let score = score(markdown(of: truth.filter { $0.kind != .table }.reversed()))
        // Paragraphs that open alike are each found nearest the one found before: in a document
        // read backwards a few pairs of them come out in order.
        #expect(score.paragraphOrder < -0.75 && score.paragraphsWhole == 1, "tau \(score.paragraphOrder), whole \(score.paragraphsWhole)")
        #expect(score.textEditDistance > 0.5, "the same words in another order are not the same text")
    }

    @Test func aWordLeftBrokenIsNotRejoined() throws {
        let word = "interchangeable", source = "Line breaks and spaces are interchangeable in this sentence."
        let truth = MarkdownBlock.blocks(ofMarkdown: source)
        var whole = ConversionScore(), broken = ConversionScore()
        whole.add(read: source, truth: truth, brokenWords: [word])
        broken.add(read: source.replacingOccurrences(of: word, with: "interchange- able"), truth: truth, brokenWords: [word])
        #expect(whole.hyphensRejoined == 1 && broken.hyphensRejoined == 0)
    }

    @Test func aTableWithACellLostScoresBelowOne() throws {
        let table = try #require(truth.first { $0.kind == .table }?.tableHTML)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("|") }
        let damaged = rows.enumerated().filter { $0.offset != 3 }.map { String($0.element) }.joined(separator: "\n")
        let score = score(damaged)
        #expect(score.tablesTEDS > 0.5 && score.tablesTEDS < 1, "\(table.prefix(80))")
    }

    @Test func scoresOfDocumentsAddUpToTheirSetsScore() {
        let split = markdown(of: truth.filter { $0.kind != .table }.reversed())
        var together = ConversionScore(), first = ConversionScore(), second = ConversionScore()
        together.add(read: markdown, truth: truth, brokenWords: [])
        together.add(read: split, truth: truth, brokenWords: [])
        first.add(read: markdown, truth: truth, brokenWords: [])
        second.add(read: split, truth: truth, brokenWords: [])
        first.add(second)
        #expect(first.documents == 2 && first.textEditDistance == together.textEditDistance && first.tablesTEDS == together.tablesTEDS)
        #expect(first.paragraphOrder == together.paragraphOrder && first.headingsF1 == together.headingsF1)
    }
}
