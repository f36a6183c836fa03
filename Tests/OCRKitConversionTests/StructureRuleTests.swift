@testable import OCRKitConversion
import OCRKit
import OCRKitExport
import Testing

/// The converter's rules on their own: page numbers, headings' numbering, footnote marks,
/// captions, paragraphs that go on.
struct StructureRuleTests {
    @Test(arguments: ["14", "- 14 -", "Page 14", "14 of 30", "xiv", "3 / 12"])
    func aPageNumberIsOne(_ text: String) {
        #expect(Furniture.isPageNumber(text))
    }

    @Test(arguments: ["14 apples", "Chapter 2", "2024-01-01"])
    func otherTextIsNoPageNumber(_ text: String) {
        #expect(!Furniture.isPageNumber(text))
    }

    @Test func aHeadingsNumberingSaysItsDepth() {
        #expect(HeadingScale.numberingDepth(of: "3.1 Results") == 2)
        #expect(HeadingScale.numberingDepth(of: "0. Definitions.") == 1)
        #expect(HeadingScale.numberingDepth(of: "Results") == nil)
        // A year is no section's number.
        #expect(HeadingScale.numberingDepth(of: "2024 in review") == nil)
    }

    @Test func headingLevelsFollowTheDocumentsOwnScale() {
        let title = PrintedParagraph.Look(size: 20, isBold: true, isItalic: false, isMonospace: false, sizing: .points)
        let section = PrintedParagraph.Look(size: 15, isBold: true, isItalic: false, isMonospace: false, sizing: .points)
        var scale = HeadingScale()
        #expect(scale.level(of: title, text: "A title") == 1)
        #expect(scale.level(of: section, text: "1 Introduction") == 2)
        // Printed as its parent is, a subsection's numbering puts it under it.
        #expect(scale.level(of: section, text: "1.1 Background") == 3)
        #expect(scale.level(of: section, text: "2 Methods") == 2)
    }

    @Test func aScansLinesAreOneParagraphsByWeightAndBoldOnesBySizeToo() {
        func look(_ size: Double, bold: Bool) -> PrintedParagraph.Look {
            PrintedParagraph.Look(size: size, isBold: bold, isItalic: false, isMonospace: false, sizing: .xHeight)
        }
        // Small letters measured a pixel or three apart (an underline, a blurred descender).
        #expect(look(11, bold: false).isLike(look(14, bold: false)))
        #expect(!look(11, bold: false).isLike(look(11, bold: true)))
        // "Troubleshooting" over "macOS SIP": a section's heading and its subsection's.
        #expect(!look(24, bold: true).isLike(look(17.5, bold: true)))
        #expect(look(24, bold: true).isLike(look(23, bold: true)))
    }

    /// A scan's bold line is a heading unless it reads as code (measured as heavy as bold
    /// type): `mode = "aware"`, a prompt; a PDF's fonts say code by themselves.
    @Test(arguments: [("Loosen your top level requirements", true), ("mode = \"aware\"", false), ("(how)=", false),
                      (">>> import attrs", false), ("if a == b:", false), ("Why not dataclasses?", true)])
    func aScansBoldLineIsAHeadingUnlessItReadsAsCode(_ text: String, isHeading: Bool) {
        let box = Rect(x: 0.1, y: 0.1, width: 0.4, height: 0.02)
        let line = Line(text: text, confidence: 0.9, box: box, quad: box.scaled(width: 1000, height: 1400).quad)
        let bold = PrintedParagraph.Look(size: 11, isBold: true, isItalic: false, isMonospace: false, sizing: .xHeight)
        let paragraph = PrintedParagraph(lines: [line], box: box, region: nil, look: bold)
        #expect(HeadingScale().isHeading(paragraph, bodySize: 11) == isHeading)
        var withFonts = paragraph
        withFonts.look.sizing = .points
        #expect(HeadingScale().isHeading(withFonts, bodySize: 11), "a bold line of a PDF's own prose type is a heading")
    }

    /// A PDF's bold line opening with a bullet is a list item, no heading: headings print none.
    @Test func aBoldLineOpeningWithABulletIsAnItem() {
        let texts = ["The paragraph before the list is set in the body type.", "• A bold item", "• Another bold item",
                     "The paragraph after the list is set in the body type too."]
        let lines = texts.enumerated().map { row, text in
            let box = Rect(x: 0.1, y: 0.1 + 0.03 * Double(row), width: 0.02 * Double(text.count) / 3, height: 0.015)
            let font = Font(name: "DejaVuSerif", size: 10, isBold: text.hasPrefix("•"), isItalic: false, isMonospace: false)
            let quad = box.scaled(width: 1000, height: 1400).quad
            return Line(text: text, confidence: 1, box: box, quad: quad, words: [Word(text: text, confidence: 1, box: box, quad: quad, font: font)])
        }
        let page = Page(image: "list.pdf", width: 1000, height: 1400, engine: EngineInfo(name: Page.embeddedTextEngine, version: "1"),
                        layout: [[lines]])
        var converter = DocumentConverter(wordList: { _ in nil })
        let parts = converter.add(page) + converter.finish()
        #expect(parts.map(\.kind) == [.text, .list, .list, .text], "\(parts)")
    }

    /// On a scan, a line of another weight goes on a bold one's phrase where it goes on at a
    /// word; under a bold heading, a bracket opens code ("Data" over its TOML's `[dirs]`).
    @Test func aScansBoldLineGoesOnAtAWordNotABracket() {
        func line(_ text: String) -> Line {
            let box = Rect(x: 0, y: 0, width: 100, height: 12)
            return Line(text: text, confidence: 1, box: box, quad: box.quad)
        }
        let bold = PrintedParagraph.Look(size: 11, isBold: true, isItalic: false, isMonospace: false, sizing: .xHeight)
        let regular = PrintedParagraph.Look(size: 11, isBold: false, isItalic: false, isMonospace: false, sizing: .xHeight)
        #expect(PrintedParagraph.goesOnRun(of: line("a phrase in bold that"), in: line("goes on here."), lineLook: regular, paragraph: bold,
                                           afterShortLine: false))
        #expect(!PrintedParagraph.goesOnRun(of: line("Data"), in: line("[dirs]"), lineLook: regular, paragraph: bold, afterShortLine: false))
        // A heading standing alone over its code: its line ends short.
        #expect(!PrintedParagraph.goesOnRun(of: line("Aware"), in: line("mode = \"aware\""), lineLook: regular, paragraph: bold,
                                            afterShortLine: true))
    }

    @Test func footnotesOpenWithTheirMark() {
        #expect(Footnote.marker(of: "1 The first note.") == "1")
        #expect(Footnote.marker(of: "12Another.") == "12")
        #expect(Footnote.marker(of: "† A dagger's.") == "†")
        #expect(Footnote.marker(of: "1999 was a year.") == nil)
    }

    @Test func theTextRefersToAFootnoteByItsMarkRaisedAgainstAWord() {
        #expect(FootnoteMark.raised("12") == "¹²" && FootnoteMark.raised("†") == "†")
        let text = "In 10² cases the paper¹² says so, as works.¹ and claims† do"
        #expect(FootnoteMark.reference(to: "12", in: text).map { String(text[$0]) } == "¹²")
        #expect(FootnoteMark.reference(to: "1", in: text).map { text[..<$0.lowerBound].hasSuffix("works.") } == true)
        #expect(FootnoteMark.reference(to: "†", in: text) != nil)
        // Another mark's part (¹²), a mark standing alone, a number in the text: no reference.
        #expect(FootnoteMark.reference(to: "2", in: "the paper¹² and 2 more") == nil)
        #expect(FootnoteMark.reference(to: "*", in: "a * b") == nil)
        #expect(FootnoteMark.reference(to: "3", in: "COVID-3 cases") == nil)
    }

    @Test func markdownAndHTMLLinkAReferenceToItsFootnote() {
        let parts = [DocumentPart(kind: .text, text: "The paper¹ uses *stars*.", pages: 1...1, footnoteMarks: ["1"]),
                     DocumentPart(kind: .footnote, text: "A note.", marker: "1", pages: 1...1)]
        #expect(MarkdownWriter().document(of: parts) == "The paper[^1] uses \\*stars\\*.\n\n[^1]: A note.\n")
        let html = HTMLWriter().document(of: parts)
        #expect(html.contains("<p>The paper<sup><a href=\"#footnote-1\">1</a></sup> uses *stars*.</p>"))
        #expect(html.contains("<aside class=\"footnote\" id=\"footnote-1\"><sup>1</sup> A note.</aside>"))
        // Without its footnote's mark, a raised number is the text's own.
        #expect(MarkdownWriter().document(of: [DocumentPart(kind: .text, text: "x² and y", pages: 1...1)]) == "x² and y\n")
    }

    @Test func captionsOpenWithAFiguresOrATablesNumber() {
        #expect(Caption.isCaption("Figure 3. The loop"))
        #expect(Caption.isCaption("Table 2: Results"))
        #expect(!Caption.isCaption("Figures show the loop"))
    }

    @Test func aParagraphGoesOnWhereItsSentenceDoesNotEnd() {
        #expect(Continuation.goesOn("as it is in", in: "the next column."))
        #expect(Continuation.goesOn("a broken erro-", in: "neously"))
        #expect(!Continuation.goesOn("A sentence ends.", in: "another begins"))
        #expect(!Continuation.goesOn("No end here", in: "The next paragraph"))
        #expect(Continuation.goesOn("than sticking with", in: "(the most popular)"))
        #expect(Continuation.goesOn("as shown in", in: "[12] and"))
        #expect(!Continuation.goesOn("Data", in: "{ \"dirs\": 1 }"))
        // From one page's foot to the next page's head, a sentence going on at a name.
        #expect(Continuation.goesOn("each must display Appropriate Legal", in: "Notices, your work need not", acrossPages: true))
        #expect(!Continuation.goesOn("A sentence ends.", in: "Another begins", acrossPages: true))
    }
}

/// How deep list items are, from where their markers are printed.
struct ListNestingTests {
    /// Left edges of items in a column of 13-pixel lines, printed as a browser indents lists.
    @Test func anItemIndentedPastItsListsOpensANestedListAndOneBackAtAnEdgeGoesOnItsList() {
        var nesting = ListNesting()
        let edges: [Double] = [100, 130, 131, 160, 129, 100, 94]
        // `10.` starts left of `9.`: a longer number is no outer list.
        #expect(edges.map { nesting.level(ofItemAt: $0, lineHeight: 13) } == [1, 2, 2, 3, 2, 1, 1])
    }

    @Test func anItemBetweenTwoListsEdgesIsNestedInTheOuter() {
        var nesting = ListNesting()
        #expect([100, 140, 118].map { nesting.level(ofItemAt: $0, lineHeight: 13) } == [1, 2, 2])
    }

    @Test func anItemFarRightOrLeftOpensAListOfItsOwn() {
        var nesting = ListNesting()
        // The next column's list, then back in the first column after its lists ended.
        #expect(nesting.level(ofItemAt: 100, lineHeight: 13) == 1)
        #expect(nesting.level(ofItemAt: 130, lineHeight: 13) == 2)
        #expect(nesting.level(ofItemAt: 560, lineHeight: 13) == 1)
        #expect(nesting.level(ofItemAt: 590, lineHeight: 13) == 2)
        #expect(nesting.level(ofItemAt: 100, lineHeight: 13) == 1)
        nesting.end()
        #expect(nesting.level(ofItemAt: 130, lineHeight: 13) == 1)
    }
}
