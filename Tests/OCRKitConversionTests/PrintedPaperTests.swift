import Foundation
import OCRKit
import OCRKitConversion
import OCRKitEvaluation
import OCRKitExport
import OCRKitPDF
import OCRKitTestSupport
import Testing

/// Debian's copy of the GPL: real prose, with a real document's structure.
private let license = "/usr/share/common-licenses/GPL-3"

/// A born-digital paper converted whole: the GPL's own text printed by Chromium in two justified
/// columns, a running header and a page number on every page, a footnote at the first page's
/// foot, long words broken at soft hyphens; read back from its text layer and compared with the
/// parts it was printed from.
@Suite(.enabled(if: Chromium.isInstalled && FileManager.default.fileExists(atPath: license), Chromium.missingReason), .heavy)
struct PrintedPaperTests {
    static let runningHeader = "GNU General Public License"

    /// The paper, its truth and what it was converted into: printed and read once for every test.
    struct Paper: Sendable {
        /// The licence up to its seventh section: a title, headings at two levels, paragraphs, list items.
        var truth: [DocumentPart]
        var footnote: (mark: String, text: String)
        var parts: [DocumentPart]
    }

    static let paper = Task<Paper, any Error> {
        let licence = try LicenseText.parts(ofFile: license)
        let truth = Array(licence.prefix { !($0.kind == .title && $0.text.hasPrefix("7.")) })
        // A sentence of the licence's own, its last paragraph's first.
        let last = try #require(licence.last { $0.kind == .text })
        let footnote = (mark: "1", text: String(last.text.prefix { $0 != "." }) + ".")
        var printed = PrintedDocument(parts: truth, columns: 2, runningHeader: runningHeader, footnote: footnote)
        printed.footnoteReference = referringSentence(in: truth)
        return Paper(truth: truth, footnote: footnote, parts: try await converted(printed))
    }

    /// The first sentence of the licence's first paragraph of sentences (its preamble's), after
    /// which its footnote's mark is printed.
    static func referringSentence(in truth: [DocumentPart]) -> String? {
        truth.first { $0.kind == .text && $0.text.contains(". ") }.map { String($0.text.prefix { $0 != "." }) + "." }
    }

    /// `printed` printed by Chromium, its text layer read and converted.
    static func converted(_ printed: PrintedDocument) async throws -> [DocumentPart] {
        let folder = try TemporaryFolder()
        let pdf = try await Chromium.print(printed.html, to: "paper", in: folder)
        let loader = DocumentLoader()
        let count = try #require(try await loader.pages(of: .file(pdf))).count
        let pages = try #require(try await loader.embeddedText(ofPages: Array(1...count), of: .file(pdf)))
        var converter = DocumentConverter()
        var parts: [DocumentPart] = []
        for page in pages { parts += converter.add(page) }
        return parts + converter.finish()
    }

    let truth: [DocumentPart]
    let footnote: (mark: String, text: String)
    let parts: [DocumentPart]

    init() async throws {
        let paper = try await Self.paper.value
        (truth, footnote, parts) = (paper.truth, paper.footnote, paper.parts)
    }

    @Test func headingsKeepTheirTextAndLevel() {
        let headings = parts.filter { $0.kind == .title }.map { "\($0.level) \($0.text)" }
        #expect(headings == truth.filter { $0.kind == .title }.map { "\($0.level) \($0.text)" })
    }

    @Test func everyParagraphIsWholeAcrossLinesColumnsAndPagesItsBrokenWordsMadeWhole() {
        // The footnote's mark, which the paper printed, aside.
        let mark = FootnoteMark.raised(footnote.mark)
        let read = Set(parts.filter { $0.kind == .text || $0.kind == .list }.map { $0.text.replacingOccurrences(of: mark, with: "") })
        let paragraphs = truth.filter { $0.kind == .text || $0.kind == .list }
        let broken = paragraphs.filter { !read.contains($0.text) }
        #expect(broken.isEmpty, "\(broken.count) of \(paragraphs.count) paragraphs not whole: \(broken.map { $0.text.prefix(60) })")
        // The paper's pages break paragraphs, and its columns.
        #expect(parts.contains { $0.kind == .text && $0.pages.count > 1 })
    }

    /// The same paper in columns 10 pt apart, as LaTeX sets them (a justified line's spaces are
    /// as wide): every paragraph whole, read column by column.
    @Test func columnsTenPointsApartAreReadOneAfterTheOther() async throws {
        var printed = PrintedDocument(parts: truth, columns: 2, runningHeader: Self.runningHeader, footnote: footnote)
        printed.columnGap = "10pt"
        let parts = try await Self.converted(printed)
        let read = Set(parts.filter { $0.kind == .text || $0.kind == .list }.map(\.text))
        let broken = truth.filter { ($0.kind == .text || $0.kind == .list) && !read.contains($0.text) }
        #expect(broken.isEmpty, "\(broken.count) paragraphs not whole: \(broken.map { $0.text.prefix(60) })")
    }

    /// A bold phrase in a paragraph of narrow columns fills a line or two of its own, and may
    /// break a word across them: a paragraph still, no heading.
    @Test func aBoldPhraseAcrossLinesStaysInItsParagraph() async throws {
        let paragraph = try #require(truth.first { $0.kind == .text && $0.text.split(separator: " ").count > 60 })
        let words = paragraph.text.split(separator: " ")
        let phrase = words[12..<32].joined(separator: " ")
        let markdown = (words[..<12] + ["**\(phrase)**"] + words[32...]).joined(separator: " ")
        let parts = try await Self.converted(PrintedDocument(markdown: markdown, columns: 2))
        #expect(parts.filter { $0.kind != .pageNumber }.map(\.kind) == [.text])
        #expect(parts.first { $0.kind == .text }?.text == paragraph.text)
    }

    @Test func runningHeadersAndPageNumbersAreFurnitureAndLeftOutOfMarkdown() {
        let pageCount = parts.map(\.pages.upperBound).max() ?? 0
        #expect(pageCount >= 3)
        #expect(parts.filter { $0.kind == .header }.map(\.text) == Array(repeating: Self.runningHeader, count: pageCount))
        #expect(parts.filter { $0.kind == .pageNumber }.map(\.text) == (1...pageCount).map(String.init))
        let markdown = MarkdownWriter().document(of: parts)
        #expect(!markdown.contains(Self.runningHeader + "\n"))
        #expect(!markdown.split(separator: "\n").contains { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }

    @Test func theFootnoteIsToldFromTheTextAndWrittenAfterIt() throws {
        let note = try #require(parts.first { $0.kind == .footnote })
        #expect(note.marker == footnote.mark && note.text == footnote.text)
        #expect(!parts.contains { $0.kind == .text && $0.text.contains(footnote.text) })
        let markdown = MarkdownWriter().document(of: parts)
        #expect(markdown.contains("\n[^1]: " + footnote.text + "\n"))
    }

    /// The footnote's mark printed raised after the licence's first sentence: the text refers
    /// to the footnote there, and Markdown and HTML link the two.
    @Test func theTextsReferenceToTheFootnoteIsLinkedToIt() throws {
        let sentence = try #require(Self.referringSentence(in: truth))
        let referring = try #require(parts.first { $0.kind == .text && $0.text.hasPrefix(sentence) })
        #expect(referring.text.hasPrefix(sentence + "¹ ") && referring.footnoteMarks == ["1"], "\(referring.text.prefix(80))")
        #expect(parts.filter { !$0.footnoteMarks.isEmpty }.count == 1)
        #expect(MarkdownWriter().document(of: parts).contains(sentence + "[^1] "))
        let html = HTMLWriter().document(of: parts)
        #expect(html.contains(sentence + "<sup><a href=\"#footnote-1\">1</a></sup> "))
        #expect(html.contains("<aside class=\"footnote\" id=\"footnote-1\"><sup>1</sup> " + footnote.text))
    }
}
