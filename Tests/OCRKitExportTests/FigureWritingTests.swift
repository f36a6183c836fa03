import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OCRKit
import OCRKitExport
import Testing

/// Figures in Markdown and HTML: an image of their caption where their pictures are written,
/// their caption alone where not.
struct FigureWritingTests {
    private static let figure = Figure(image: "in/annual report.pdf", pageNumber: 3, number: 2, box: Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.3))
    private static let parts = [
        DocumentPart(kind: .text, text: "Sales grew.", pages: 3...3),
        DocumentPart(kind: .figure, text: "Figure 2. Sales by <region> & [year].", pages: 3...3, figure: figure),
    ]

    @Test func aFiguresFileIsNamedByDocumentPageAndNumber() {
        #expect(Self.figure.fileName == "annual report-p3-f2.png")
        #expect(Figure(image: "scan.jpeg", pageNumber: nil, number: 1, box: Self.figure.box).fileName == "scan-p1-f1.png")
        #expect(Self.figure.path(in: "out/figures/") == "out/figures/annual report-p3-f2.png")
    }

    @Test func markdownLinksThePictureWithItsCaption() {
        let markdown = MarkdownWriter(figuresFolder: "figures").document(of: Self.parts)
        // The space in the name: the destination in angle brackets; the caption's brackets escaped.
        #expect(markdown == "Sales grew.\n\n![Figure 2. Sales by \\<region\\> & \\[year\\].](<figures/annual report-p3-f2.png>)\n")
    }

    @Test func withoutPicturesMarkdownWritesTheCaptionAndNothingForAFigureWithout() {
        #expect(MarkdownWriter().document(of: Self.parts) == "Sales grew.\n\n*Figure 2. Sales by \\<region\\> & \\[year\\].*\n")
        var bare = Self.parts[1]
        bare.text = ""
        #expect(MarkdownWriter().document(of: [Self.parts[0], bare]) == "Sales grew.\n")
    }

    @Test func htmlGivesTheFigureItsImageAndCaption() throws {
        let html = HTMLWriter(figuresFolder: "figures").document(of: Self.parts)
        let figure = try #require(html.split(separator: "\n").first { $0.hasPrefix("<figure>") })
        #expect(figure == "<figure><img src=\"figures/annual report-p3-f2.png\" alt=\"Figure 2. Sales by &lt;region&gt; &amp; [year].\"/>"
                + "<figcaption>Figure 2. Sales by &lt;region&gt; &amp; [year].</figcaption></figure>")
        #expect(XMLParser(data: Data(html.utf8)).parse(), "well-formed")
        #expect(!HTMLWriter().document(of: Self.parts).contains("<img"))
    }
}
