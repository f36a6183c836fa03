import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitTestSupport
import Testing

private let license = "/usr/share/common-licenses/GPL-3"

/// `ocr read --format markdown` on a born-digital PDF holding a table: the GPL's own text made
/// into a document whose table lists its sections (number, title, first words), printed by
/// Chromium; the table is found on the page drawn, its cells filled from the text layer, and
/// the prose around it stays in order.
@Suite(.enabled(if: Chromium.isInstalled && FileManager.default.fileExists(atPath: license) && InstalledDependencies.hasLayoutModel,
                "needs Debian's chromium and the GPL's text (scripts/setup), and the layout and table models (ocr models install all)"),
       .heavy)
struct ConvertCommandTests {
    @Test func aTableOfABornDigitalPageIsFoundWithItsCells() async throws {
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
        let converted = try await ocr(["read", "--format", "markdown", pdf])
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
}
