import Foundation
import OCRKit
import OCRKitConversion
import OCRKitEvaluation
import OCRKitExport
import OCRKitPDF
import OCRKitStructure
import OCRKitTestSupport
import Testing

/// The examples of documents converted whole, on the GPL's first pages printed by Chromium.
@Suite(.enabled(if: Chromium.isInstalled && FileManager.default.fileExists(atPath: "/usr/share/common-licenses/GPL-3"), Chromium.missingReason),
       .heavy)
struct ConversionExamples {
    @Test func convertingAPrintedLicence() async throws {
        // Example from Sources/OCRKitEvaluation/LicenseText.swift
        let licence: [DocumentPart]
        do {
            let parts = try LicenseText.parts(ofFile: "/usr/share/common-licenses/GPL-3")
            print(parts.filter { $0.kind == .title }.map(\.text))   // ["GNU GENERAL PUBLIC LICENSE", "Preamble", ...]
            #expect(parts.filter { $0.kind == .title }.prefix(2).map(\.text) == ["GNU GENERAL PUBLIC LICENSE", "Preamble"])
            licence = parts
        }

        let folder = try TemporaryFolder()
        let preamble = Array(licence.prefix { !$0.text.hasPrefix("3.") })
        let printed: PrintedDocument
        do {
            let parts = preamble
            // Example from Sources/OCRKitEvaluation/PrintedDocument.swift
            let paper = PrintedDocument(parts: parts, columns: 2, runningHeader: "GNU General Public License",
                                        footnote: (mark: "1", text: "Printed for a test."))
            print(paper.html)   // for `chromium --headless --print-to-pdf=paper.pdf paper.html`
            printed = paper
        }
        let pdf = try await Chromium.print(printed.html, to: "paper", in: folder)
        let count = try #require(try await DocumentLoader().pages(of: .file(pdf))).count
        let pages = try #require(try await DocumentLoader().embeddedText(ofPages: Array(1...count), of: .file(pdf)))

        // Example from Sources/OCRKit/Model/Font.swift
        let page = pages[0]
        let headings = page.words.filter { ($0.font?.size ?? 0) > 14 || $0.font?.isBold == true }
        #expect(headings.map(\.text).starts(with: ["GNU", "GENERAL", "PUBLIC", "LICENSE"]))

        // The same page, its fonts' ToUnicode maps lost (the key renamed, at the same length).
        let damagedPDF = folder.file("damaged.pdf")
        _ = try Tool.output("qpdf", ["--qdf", "--object-streams=disable", pdf, damagedPDF])
        _ = try Tool.output("sed", ["-i", "-e", "s|/ToUnicode|/NoUnicode|g", damagedPDF])
        let damaged = try #require(try await DocumentLoader().embeddedText(ofPages: [1], of: .file(damagedPDF)))
        #expect(TextLayerDamage(of: pages[0]) == nil)
        do {
            let page = damaged[0]
            // Example from Sources/OCRKit/Model/TextLayerDamage.swift
            if let damage = TextLayerDamage(of: page) {
                print("\(page.image): \(damage.reason)")   // "its text has no Unicode meaning: 31% of its characters are ..."
            }
            #expect(TextLayerDamage(of: page)?.reason.hasPrefix("its text has no Unicode meaning") == true)
        }

        // Example from Sources/OCRKitConversion/DocumentConverter.swift
        var converter = DocumentConverter()
        var parts: [DocumentPart] = []
        for page in pages { parts += converter.add(page) }
        parts += converter.finish()
        print(MarkdownWriter().document(of: parts))
        let converted = parts
        #expect(converted.filter { $0.kind == .text }.map(\.text) == preamble.filter { $0.kind == .text }.map(\.text))
        #expect(converted.contains { $0.kind == .footnote && $0.text == "Printed for a test." })

        do {
            let parts = converted
            // Example from Sources/OCRKit/Model/DocumentPart.swift
            for part in parts where part.kind == .title {
                print(String(repeating: "#", count: part.level), part.text)
            }
            #expect(parts.filter { $0.kind == .title }.map(\.level) == [1, 2, 2, 3, 3, 3])
        }

        let parts2 = converted
        do {
            let parts = parts2
            // Example from Sources/OCRKitExport/PartWriter.swift
            let writer = MarkdownWriter()
            var written = PartsWritten()
            var document = writer.header
            for part in parts {
                let text = writer.text(of: part, after: written)
                guard !text.isEmpty else { continue }
                document += text
                written.append(part)
            }
            document += writer.footer(after: written)
            #expect(document == MarkdownWriter().document(for: pages))
            #expect(document.hasPrefix("# GNU GENERAL PUBLIC LICENSE\n\nVersion 3, 29 June 2007\n"))
        }
    }

    @Test func listMarker() {
        // Example from Sources/OCRKit/Model/ListMarker.swift
        let numbered = ListMarker.marker(of: "2. Apply it")   // "2."
        let prose = ListMarker.marker(of: "2021 figures")     // nil
        #expect(numbered == "2." && prose == nil)
    }

    @Test func footnoteMark() {
        // Example from Sources/OCRKit/Model/FootnoteMark.swift
        let mark = FootnoteMark.raised("12")                                 // "¹²"
        let place = FootnoteMark.reference(to: "12", in: "as the paper¹² says")
        #expect(mark == "¹²" && place.map { "as the paper¹² says"[$0] } == "¹²")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: WordList.folder + "/american-english"), "needs wamerican: scripts/setup installs it"))
    func wordList() {
        // Example from Sources/OCRKitConversion/WordList.swift
        let english = WordList.installed(for: Language("eng"))
        let known = english?.contains("compile")   // true
        #expect(known == true)
    }

    /// A small ruled table in a column of a two-column page, which the layout model takes for
    /// text: found by its rules.
    @Test func ruledTables() async throws {
        let licence = try LicenseText.parts(ofFile: "/usr/share/common-licenses/GPL-3")
        let sections = licence.filter { $0.kind == .title && $0.text.first?.isNumber == true }.prefix(4)
        let prose = licence.filter { $0.kind == .text }.prefix(4).map(\.text)
        let rows = ["| Section | Title |", "|---|---|"] + sections.map { section in
            let number = section.text.prefix { $0.isNumber }
            return "| \(number) | \(section.text.dropFirst(number.count + 1).trimmingCharacters(in: .whitespaces)) |"
        }
        let markdown = prose.prefix(2).joined(separator: "\n\n") + "\n\n" + rows.joined(separator: "\n") + "\n\n" + prose.dropFirst(2).joined(separator: "\n\n")
        let folder = try TemporaryFolder()
        let pdf = try await Chromium.print(PrintedDocument(markdown: markdown, columns: 2).html, to: "sections", in: folder)
        let pageImage = try await DocumentLoader().decode(.file(pdf, page: 1), maximumSide: 1600)
        let words = try #require(try await DocumentLoader().embeddedText(ofPages: [1], of: .file(pdf)))[0].words

        // Example from Sources/OCRKitStructure/RuledTables.swift
        let tables = RuledTables.tables(in: pageImage)   // boxes normalised, like a page's
        print(tables[0].grid.rowCount, tables[0].grid.columnCount)

        #expect(tables.count == 1)
        #expect(tables[0].grid.rowCount == sections.count + 1 && tables[0].grid.columnCount == 2)
        #expect(tables[0].grid.cells.count == tables[0].cellBoxes.count && tables[0].cellBoxes.allSatisfy { tables[0].box.contains(Point(x: $0.midX, y: $0.midY)) })
        let box = tables[0].box
        let inside = words.filter { word in box.contains(Point(x: word.box.midX, y: word.box.midY)) }.map(\.text)
        // The table's words and no more: its first cell's title and its last row's.
        #expect(inside.contains("Definitions.") && inside.last == "Law." && inside.count < words.count / 3, "\(inside)")
    }
}
