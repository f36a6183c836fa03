import Foundation
import OCRKit
import OCRKitBench
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Testing

private let license = "/usr/share/common-licenses/GPL-3"

/// `ocr read --format markdown` on documents made at test time from the GPL's own text, printed
/// by Chromium, born-digital and scanned: tables, headings, figures and damaged text layers.
@Suite(.enabled(if: Chromium.isInstalled && FileManager.default.fileExists(atPath: license) && InstalledDependencies.hasLayoutModel,
                "needs Debian's chromium and the GPL's text (scripts/setup), and the layout and table models (ocr models install all)"),
       .heavy)
struct ConvertCommandTests {
    /// The table between the prose, born-digital and as a worn scan at 200 dpi: found with its
    /// cells, the prose around it in order, no line of it a heading ("Version 3, 29 June 2007",
    /// half capitals and digits, is no larger than the prose on the scan).
    @Test(arguments: [false, true]) func aTableBetweenParagraphsIsFoundWithItsCells(scanned: Bool) async throws {
        let parts = try LicenseText.parts(ofFile: license)
        let sections = parts.filter { $0.kind == .title && $0.text.first?.isNumber == true }.prefix(8)
        let prose = parts.filter { $0.kind == .text }
        var rows = ["| Section | Title | Opens with |", "|---|---|---|"]
        for section in sections {
            let index = try #require(parts.firstIndex(of: section))
            let opening = try #require(parts[(index + 1)...].first { $0.kind == .text })
            let number = section.text.prefix { $0.isNumber }
            let title = section.text.dropFirst(number.count + 1).trimmingCharacters(in: .whitespaces)
            rows.append("| \(number) | \(title) | \(opening.text.split(separator: " ").prefix(6).joined(separator: " ")) |")
        }
        let markdown = "# \(parts[0].text)\n\n\(prose[0].text)\n\n\(prose[1].text)\n\n" + rows.joined(separator: "\n")
            + "\n\n\(prose[2].text)\n\n\(prose[3].text)\n"

        let folder = try TemporaryFolder()
        let printed = PrintedDocument(markdown: markdown)
        let pdf = try await Chromium.print(printed.html, to: "sections", in: folder)
        let converted = try await ocr(["read", "--format", "markdown", scanned ? try await wornScan(of: pdf, in: folder) : pdf])
        #expect(converted.status == 0, "\(converted.errors)")

        var score = ConversionScore()
        score.add(read: converted.output, truth: MarkdownBlock.blocks(ofHTML: printed.body), brokenWords: [])
        #expect(score.tables == 1 && score.tablesTEDS > 0.9, "\(converted.output)")
        #expect(score.headingsF1 == 1 && score.paragraphsWhole == 1 && score.paragraphOrder == 1, "\(converted.output)")
        #expect(score.textEditDistance < 0.03, "\(converted.output)")
    }

    /// A born-digital page whose fonts lost their `ToUnicode` maps (in qpdf's editable form, their
    /// key renamed): its text layer gives glyph numbers, control characters for spaces. The page is
    /// read by OCR instead, which says so, and its text is the page's.
    @Test func aPageWhoseTextLayerIsDamagedIsReadByOCR() async throws {
        let parts = try LicenseText.parts(ofFile: license)
        let prose = parts.filter { $0.kind == .text }.prefix(3).map(\.text)
        let folder = try TemporaryFolder()
        let printed = PrintedDocument(markdown: "# \(parts[0].text)\n\n" + prose.joined(separator: "\n\n"))
        let pdf = try await Chromium.print(printed.html, to: "licence", in: folder)
        let damaged = folder.file("damaged.pdf")
        _ = try Tool.output("qpdf", ["--qdf", "--object-streams=disable", pdf, damaged])
        // A key of the same length that no reader knows: the file's offsets stay right.
        _ = try Tool.output("sed", ["-i", "-e", "s|/ToUnicode|/NoUnicode|g", damaged])
        #expect(try !Tool.output("pdftotext", [damaged, "-"]).contains("copyleft"), "the text layer is damaged")

        let read = try await ocr(["read", "--engine", "tesseract", damaged])
        #expect(read.status == 0 && read.errors.contains("its text has no Unicode meaning") && read.errors.contains("read by OCR instead"),
                "\(read.errors)")
        var error = CharacterErrorRate()
        error.add(reading: read.output.replacingOccurrences(of: "-\n", with: ""), truth: ([parts[0].text] + prose).joined(separator: " "))
        #expect(error.rate < 0.1, "OCR of the page: its page number and broken words aside, a few characters in a hundred: \(read.output)")
        let json = try await ocr(["read", "--engine", "tesseract", "--format", "json", damaged])
        let page = try JSONDecoder().decode(Page.self, from: json.outputData)
        #expect(page.warnings.map(\.code) == [.damagedTextLayer])
    }

    /// The GPL's first sections under their titles, unnumbered, in bold at the body text's size
    /// (HTML's `h4`), printed, rasterised at 200 dpi and worn as a scan: each a heading, told
    /// from the prose by its strokes' width, as the text layer's fonts tell it on the page itself.
    @Test func aBoldHeadingAtTheBodysSizeIsAHeadingOnAScanToo() async throws {
        let parts = try LicenseText.parts(ofFile: license)
        let first = try #require(parts.firstIndex { $0.kind == .title && $0.text.hasPrefix("0.") })
        let last = try #require(parts.firstIndex { $0.kind == .title && $0.text.hasPrefix("2.") })
        // "0. Definitions." as "Definitions": a short line in bold the layout model takes for text.
        let sections = parts[first..<last].filter { $0.kind == .title || $0.kind == .text }.map { part in
            var part = part
            if part.kind == .title { part.text = String(part.text.drop { !$0.isLetter }.prefix { $0 != "." }) }
            return part
        }
        let markdown = sections.map { $0.kind == .title ? "#### \($0.text)" : $0.text }.joined(separator: "\n\n")
        let folder = try TemporaryFolder()
        let pdf = try await Chromium.print(PrintedDocument(markdown: markdown).html, to: "sections", in: folder)
        let read = try await ocr(["read", "--format", "markdown", try await wornScan(of: pdf, in: folder)])
        #expect(read.status == 0, "\(read.errors)")
        func words(_ text: some StringProtocol) -> String { text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ") }
        let headings = read.output.split(separator: "\n").filter { $0.hasPrefix("#") }.map { words($0) }
        #expect(headings == sections.filter { $0.kind == .title }.map { words($0.text) }, "\(read.output)")
    }

    /// A table of the GPL's paragraphs (their number and first words), long enough to be printed
    /// across a page break, its header repeated on the next page as Chromium repeats it: one
    /// table, every row once, the header once.
    @Test(arguments: [1, 2]) func aTablePrintedAcrossTwoPagesIsOneTable(columns: Int) async throws {
        let parts = try LicenseText.parts(ofFile: license)
        let prose = parts.filter { $0.kind == .text }
        var rows = ["| Paragraph | Opens with | Words |", "|---|---|---|"]
        for (number, paragraph) in prose.prefix(60).enumerated() {
            let words = paragraph.text.split(separator: " ")
            rows.append("| \(number + 1) | \(words.prefix(5).joined(separator: " ")) | \(words.count) |")
        }
        let markdown = "# \(parts[0].text)\n\n\(prose[0].text)\n\n\(prose[1].text)\n\n" + rows.joined(separator: "\n") + "\n\n\(prose[2].text)\n"

        let folder = try TemporaryFolder()
        let printed = PrintedDocument(markdown: markdown, columns: columns)
        let pdf = try await Chromium.print(printed.html, to: "paragraphs", in: folder)
        let pages = try Tool.output("pdfinfo", [pdf]).split(separator: "\n").first { $0.hasPrefix("Pages:") }
        #expect(pages?.split(separator: " ").last == "2", "the table goes on on the second page (and columns)")
        let converted = try await ocr(["read", "--format", "markdown", pdf])
        #expect(converted.status == 0, "\(converted.errors)")

        let tables = MarkdownBlock.blocks(ofMarkdown: converted.output).filter { $0.kind == .table }
        #expect(tables.count == 1, "\(converted.output)")
        var score = ConversionScore()
        score.add(read: converted.output, truth: MarkdownBlock.blocks(ofHTML: printed.body), brokenWords: [])
        #expect(score.tablesTEDS > 0.9 && score.paragraphsWhole == 1, "\(converted.output)")
        #expect(converted.output.components(separatedBy: "Opens with").count == 2, "the header once: \(converted.output)")
    }

    /// A ruled table one of whose rows, a list of the GPL's paragraphs (their first words, an item
    /// each), is taller than a page: read from its rules, each cell is one, and the row the page
    /// break cuts (Chromium draws no rule at the cut) is one row again.
    @Test func aRowCutByAPageBreakIsOneRowAgain() async throws {
        // Paragraphs without an address in angle brackets, which Markdown would take for a link.
        let prose = try LicenseText.parts(ofFile: license).filter { $0.kind == .text && !$0.text.contains("<") }
        let opening = { (paragraph: DocumentPart) in paragraph.text.split(separator: " ").prefix(6).joined(separator: " ") }
        let items = prose.dropFirst(2).prefix(80).map { "<li>\(opening($0))</li>" }.joined()
        let markdown = ["| Part | Opens with |", "|---|---|", "| Preamble | \(opening(prose[0])) |",
                        "| Paragraphs | <ul>\(items)</ul> |", "| Last | \(opening(prose[1])) |"].joined(separator: "\n")
        let folder = try TemporaryFolder()
        let printed = PrintedDocument(markdown: markdown + "\n")
        let pdf = try await Chromium.print(printed.html, to: "paragraphs", in: folder)
        let json = try await ocr(["read", "--structure", "--format", "jsonl", pdf])
        let pages = try json.output.split(separator: "\n").map { try Page(jsonData: Data($0.utf8)) }
        #expect(pages.count >= 2 && pages[0].tables.first?.runsOn == true, "the break cuts a row: \(pages.map(\.tables))")

        let converted = try await ocr(["read", "--format", "markdown", pdf])
        let tables = MarkdownBlock.blocks(ofMarkdown: converted.output).filter { $0.kind == .table }
        #expect(tables.count == 1, "\(converted.output)")
        var score = ConversionScore()
        score.add(read: converted.output, truth: MarkdownBlock.blocks(ofHTML: printed.body), brokenWords: [])
        #expect(score.tablesTEDS > 0.98, "every cell whole, every row once: \(converted.output)")
    }

    /// A chart of the GPL's first paragraphs' lengths (a bar and its label each), its caption
    /// below it, printed among the licence's paragraphs in two columns: `--figures-dir` writes its
    /// picture, the Markdown links it with its caption in the place it is printed, and its labels
    /// are the picture's, not the text. Read from the text layer, and by OCR (`--force`).
    @Test(arguments: [false, true]) func aFigureIsWrittenBesideTheMarkdownWithItsCaption(scanned: Bool) async throws {
        let prose = try LicenseText.parts(ofFile: license).filter { $0.kind == .text }.prefix(8).map(\.text)
        let lengths = prose.prefix(5).map { $0.split(separator: " ").count }
        let bars = lengths.enumerated().map { index, words in
            let height = 150 * words / lengths.max()!
            return "<rect x=\"\(30 + index * 40)\" y=\"\(170 - height)\" width=\"28\" height=\"\(height)\" fill=\"#3366cc\"/>"
                + "<text x=\"\(32 + index * 40)\" y=\"\(165 - height)\" font-size=\"11\">\(words)</text>"
        }.joined()
        let caption = "Figure 1. Words in the licence's first five paragraphs."
        let figure = "<figure style=\"margin: 0.5em 0\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"240\" height=\"180\">"
            + "<line x1=\"20\" y1=\"171\" x2=\"230\" y2=\"171\" stroke=\"black\"/>\(bars)</svg><figcaption>\(caption)</figcaption></figure>"
        var printed = PrintedDocument(markdown: (prose.prefix(3) + ["FIGURE"] + prose.dropFirst(3)).joined(separator: "\n\n"), columns: 2)
        printed.body = printed.body.replacingOccurrences(of: "<p>FIGURE</p>", with: figure)
        let folder = try TemporaryFolder()
        let pdf = try await Chromium.print(printed.html, to: "chart", in: folder)

        let read = try await ocr(["read", "--format", "markdown", "--figures-dir", folder.file("out/figures"), "--output-dir", folder.file("out"), pdf]
                                 + (scanned ? ["--force"] : []))
        #expect(read.status == 0, "\(read.errors)")
        let markdown = try String(contentsOfFile: folder.file("out/chart.md"), encoding: .utf8)
        #expect(markdown.components(separatedBy: "![\(caption)](figures/chart-p1-f1.png)").count == 2, "\(markdown)")
        #expect(!markdown.contains("*Figure 1."), "the caption once, the figure's: \(markdown)")
        let labels = markdown.split(separator: "\n").filter { line in line.split(separator: " ").allSatisfy { Int($0) != nil } }
        #expect(labels.isEmpty, "no line of the bars' labels: \(markdown)")
        // In its place: after the third paragraph's last words, before the fourth's first.
        let third = try #require(markdown.range(of: String(prose[2].suffix(30))))
        let linked = try #require(markdown.range(of: "](figures/chart-p1-f1.png)"))
        let fourth = try #require(markdown.range(of: String(prose[3].prefix(30))))
        #expect(third.upperBound < linked.lowerBound && linked.upperBound < fourth.lowerBound, "\(markdown)")

        let picture = try await ImageLoader().decode(contentsOf: folder.file("out/figures/chart-p1-f1.png"))
        // The chart is 240 x 180: the picture is its shape, at the page's resolution.
        let ratio = Double(picture.width) / Double(picture.height)
        #expect(abs(ratio - 240.0 / 180) < 0.25 && picture.width > 400, "\(picture.width) x \(picture.height)")
    }

    /// A bulleted list of the GPL's sentences, an ordered list nested in its first item and a
    /// bulleted one in that, printed by Chromium, whose text layer holds no bullet (it draws them):
    /// each item found, at its depth, its bullets seen on the page drawn.
    @Test func aNestedListKeepsItsNestingAndItsDrawnBullets() async throws {
        let sentences = try LicenseText.parts(ofFile: license).filter { $0.kind == .text }.dropFirst(2).prefix(7)
            .map { String($0.text.prefix { $0 != "." && $0 != "," && $0 != ";" }) }
        // (Ink, which writes the HTML printed, takes an item numbered after a nested bulleted
        // list for the bulleted item's text: the outer list is bulleted.)
        let items: [(level: Int, ordered: Bool)] = [(1, false), (2, true), (2, true), (3, false), (3, false), (2, true), (1, false)]
        var numbers: [Int: Int] = [:]
        let markdown = zip(items, sentences).map { item, sentence in
            numbers[item.level] = item.ordered ? (numbers[item.level] ?? 0) + 1 : nil
            for deeper in numbers.keys where deeper > item.level { numbers[deeper] = nil }
            let marker = item.ordered ? "\(numbers[item.level]!)." : "-"
            return String(repeating: " ", count: 4 * (item.level - 1)) + marker + " " + sentence
        }.joined(separator: "\n")
        let folder = try TemporaryFolder()
        let pdf = try await Chromium.print(PrintedDocument(markdown: "The list:\n\n" + markdown + "\n\nThe end.\n").html, to: "list", in: folder)
        #expect(try !Tool.output("pdftotext", [pdf, "-"]).contains("•"), "Chromium draws its bullets")

        let read = try await ocr(["read", "--format", "markdown", pdf])
        #expect(read.status == 0, "\(read.errors)")
        // Each item's level (from its indent), kind and text, as written.
        let found = read.output.split(separator: "\n").compactMap { line -> (level: Int, ordered: Bool, text: String)? in
            guard let match = line.firstMatch(of: /^( *)(\d+\.|-) (.*)$/) else { return nil }
            return (match.1.count / 4 + 1, match.2 != "-", String(match.3).replacingOccurrences(of: "\\", with: ""))
        }
        #expect(found.map(\.level) == items.map(\.level), "\(read.output)")
        #expect(found.map(\.ordered) == items.map(\.ordered), "\(read.output)")
        #expect(found.map(\.text) == Array(sentences), "\(read.output)")
    }

    /// The first page of `pdf` rasterised at 200 dpi and worn as a scan: the image's path.
    private func wornScan(of pdf: String, in folder: TemporaryFolder) async throws -> String {
        _ = try Tool.output("pdftoppm", ["-r", "200", "-gray", "-singlefile", "-png", pdf, folder.file("printed")])
        let gray = try await ImageLoader().decode(contentsOf: folder.file("printed.png")).grayByFirstChannel
        let scan = folder.file("scan.png")
        try Data(try ImageWriter.pngData(gray.worn(seed: 1))).write(to: URL(fileURLWithPath: scan))
        return scan
    }
}
