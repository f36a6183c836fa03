import Foundation
import OCRKit
import OCRKitImages
import OCRKitPDF
import OCRKitTesseract
import OCRKitTestSupport
import Testing

/// Searchable PDFs made from image files: the image kept, the page its size, the text where it
/// is and read back whole.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .onThreadsOfTheirOwn, .heavy)
struct ImagePDFTests {
    let folder: TemporaryFolder
    let reader: PageReader

    init() throws {
        folder = try TemporaryFolder()
        reader = PageReader(decoder: DocumentLoader(), engine: try TesseractEngine())
    }

    /// A PNG of `text` rendered at `dpi`, recording that resolution.
    private func png(_ text: String, dpi: Int = 300, name: String) throws -> String {
        var bitmap = try TextRenderer.render(text, dpi: dpi, margin: 60)
        bitmap.resolution = Double(dpi)
        let path = folder.file(name)
        try ImageWriter.write(bitmap, to: path)
        return path
    }

    @Test func theTextLayerHoldsEveryWordWhereTheImageShowsIt() async throws {
        let texts = ["Searchable page one\nwith a second line", "Page two says\nhello again"]
        var pages: [Page] = []
        for (index, text) in texts.enumerated() {
            let page = try await reader.read(try png(text, name: "page\(index).png"))
            #expect(page.text == text)
            pages.append(page)
        }
        let path = folder.file("searchable.pdf")
        try await SearchablePDF.write(pages, to: path, decoder: reader.decoder)

        let boxes = try WordBoxes(of: path)
        let expected = pages.enumerated().flatMap { number, page in
            page.lines.flatMap { line in line.words.map { (word: $0, line: line, page: number + 1) } }
        }
        #expect(boxes.words.map(\.text) == expected.map(\.word.text))
        for (found, (word, line, number)) in zip(boxes.words, expected) {
            let points = word.quad.boundingRect.scaled(width: 72.0 / 300, height: 72.0 / 300)
            let linePoints = line.quad.boundingRect.scaled(width: 72.0 / 300, height: 72.0 / 300)
            #expect(found.page == number)
            #expect(abs(found.rect.minX - points.minX) < 2, "\(word.text)")
            // The line's words share its box: one baseline, one size.
            #expect(abs(found.rect.maxY - linePoints.maxY) < 1 && abs(found.rect.minY - linePoints.minY) < 1, "\(word.text)")
        }
        let fonts = try Tool.output("pdffonts", [path])
        #expect(fonts.contains("OCRKitGlyphless") && fonts.contains("CID TrueType"), "\(fonts)")
        let row = try #require(fonts.split(separator: "\n").first { $0.contains("OCRKitGlyphless") })
        #expect(row.split(separator: " ").contains("yes"), "the font is embedded: \(row)")
        #expect(try Tool.run("qpdf", ["--check", path]).status == 0)
    }

    @Test func linesOfSeveralWordsReadBackWholeOnOneLineInReadingOrder() async throws {
        let text = "the quick brown fox jumps over\nthe lazy dog by the river bank\nand then we have to design it"
        let page = try await reader.read(try png(text, name: "lines.png"))
        #expect(page.lines.count == 3)
        let path = folder.file("lines.pdf")
        try await SearchablePDF.write([page], to: path, decoder: reader.decoder)
        let extracted = try PDFTools.pdftotext([path, "-"]).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))) }.filter { !$0.isEmpty }
        #expect(extracted == page.lines.map(\.text))
    }

    /// Lines a photograph shows askew (2.5°, as receipts are photographed) are written level:
    /// along its slant, a line's far end reached the next line's height, and extraction
    /// interleaved the two.
    @Test func askewLinesReadBackWholeAndApart() async throws {
        let image = folder.file("askew.png")
        try ImageWriter.write(Bitmap(width: 1600, height: 600, layout: .gray, pixels: [UInt8](repeating: 255, count: 960_000),
                                     image: image, resolution: 300), to: image)
        let slope = tan(2.5 * .pi / 180), height = 40.0
        let texts = (0..<6).map { row in (0..<5).map { "word\(row)\($0)" }.joined(separator: " ") }
        let lines = texts.enumerated().map { row, text in
            let top = 60 + Double(row) * (height + 6)
            func quad(from x: Double, width: Double) -> Quad {
                let rise = x * slope, fall = (x + width) * slope
                return Quad(topLeft: Point(x: x, y: top + rise), topRight: Point(x: x + width, y: top + fall),
                            bottomRight: Point(x: x + width, y: top + fall + height), bottomLeft: Point(x: x, y: top + rise + height))
            }
            let words = text.split(separator: " ").enumerated().map { index, word in
                let quad = quad(from: 60 + Double(index) * 300, width: 240)
                return Word(text: String(word), confidence: 0.9, box: quad.boundingRect, quad: quad)
            }
            let quad = quad(from: 60, width: 1440)
            return Line(text: text, confidence: 0.9, box: quad.boundingRect, quad: quad, words: words)
        }
        var page = Page(image: image, width: 1600, height: 600, engine: EngineInfo(name: "test", version: "1"), lines: lines)
        page.source = .file(image)
        let path = folder.file("askew.pdf")
        try await SearchablePDF.write([page], to: path, decoder: reader.decoder)
        let extracted = try PDFTools.pdftotext([path, "-"]).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))) }.filter { !$0.isEmpty }
        #expect(extracted == texts)
    }

    @Test func aJPEGIsEmbeddedAsItsOwnBytesAndOtherImagesWithoutLoss() async throws {
        // A JPEG: the file's bytes, not decoded and compressed again.
        let jpeg = folder.file("receipt.jpg")
        try ImageWriter.write(try TextRenderer.render("Coffee beans 6.99", margin: 60), to: jpeg)
        // A grey PNG at 200 dpi: its pixels exactly, and a page its size at 200 dpi.
        let rendered = try TextRenderer.render("Grey page at two hundred dpi", dpi: 200, margin: 60)
        let grey = Bitmap(width: rendered.width, height: rendered.height, layout: .gray,
                          pixels: rendered.pixels.map { $0 == 255 ? 240 : $0 }, image: "grey", resolution: 200)
        let png = folder.file("grey.png")
        try ImageWriter.write(grey, to: png)
        let pages = [try await reader.read(jpeg), try await reader.read(png)]
        let path = folder.file("images.pdf")
        try await SearchablePDF.write(pages, to: path, decoder: reader.decoder)

        let extracted = folder.file("extracted")
        _ = try Tool.output("pdfimages", ["-all", path, extracted])
        #expect(FileManager.default.contents(atPath: extracted + "-000.jpg") == FileManager.default.contents(atPath: jpeg))
        let back = try await ImageLoader().decode(contentsOf: extracted + "-001.png")
        #expect(back.width == grey.width && back.height == grey.height && back.pixels == grey.pixels)

        let info = try Tool.output("pdfinfo", ["-f", "2", "-l", "2", path])
        let inches = (Double(grey.width) / 200, Double(grey.height) / 200)
        let size = try #require(info.split(separator: "\n").first { $0.hasPrefix("Page    2 size:") })
        let points = size.split(separator: ":")[1].split(separator: " ").compactMap { Double($0) }
        #expect(abs(points[0] - inches.0 * 72) < 0.5 && abs(points[1] - inches.1 * 72) < 0.5, "\(size) for \(grey.width) x \(grey.height) at 200 dpi")
    }

    @Test func aBlackAndWhitePageIsStoredInGroup4WithoutLoss() async throws {
        let rendered = try TextRenderer.render("Black on white only\nas a fax would send it", margin: 60)
        let bilevel = Bitmap(width: rendered.width, height: rendered.height, layout: .gray,
                             pixels: rendered.pixels.map { $0 < 128 ? 0 : 255 }, image: "bilevel")
        let path = folder.file("bilevel.png")
        try ImageWriter.write(bilevel, to: path)
        let page = try await reader.read(path)
        let pdf = folder.file("bilevel.pdf")
        try await SearchablePDF.write([page], to: pdf, decoder: reader.decoder)
        let listing = try Tool.output("pdfimages", ["-list", pdf])
        let row = try #require(listing.split(separator: "\n").last).split(separator: " ")
        #expect(row[5] == "gray" && row[7] == "1" && row[8] == "ccitt", "\(listing)")   // colour, bits per component, encoding

        // Every pixel as it was, in a small part of the PNG's bytes.
        let extracted = folder.file("extracted")
        _ = try Tool.output("pdfimages", ["-png", pdf, extracted])
        let back = try await ImageLoader().decode(contentsOf: extracted + "-000.png")
        #expect(back.width == bilevel.width && back.height == bilevel.height && back.pixels == bilevel.pixels)
        let encoded = try CCITTGroup4.encode(bilevel).count
        #expect(encoded < bilevel.pixels.count / 8 / 5, "\(encoded) bytes for \(bilevel.width) x \(bilevel.height)")
        #expect(try PDFTools.pdftotext([pdf, "-"]).contains("as a fax would send it"))
    }

    @Test func aFailedWriteNamesTheImageAndKeepsTheDocumentThere() async throws {
        var pages: [Page] = []
        for (number, text) in ["First page of two", "Second page of two"].enumerated() {
            pages.append(try await reader.read(try png(text, name: "page\(number).png")))
        }
        let path = folder.file("two.pdf")
        try await SearchablePDF.write(pages, to: path, decoder: reader.decoder)
        let written = try PDFTools.pdftotext([path, "-"])
        let first = try #require(written.range(of: "First page of two")), second = try #require(written.range(of: "Second page of two"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))

        try FileManager.default.removeItem(atPath: pages[1].image)
        await #expect { try await SearchablePDF.write(pages, to: path, decoder: reader.decoder) } throws: {
            ($0 as? OCRError)?.path == pages[1].image
        }
        #expect(try PDFTools.pdftotext([path, "-"]) == written)
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    }

    /// A document that cannot be written where it was asked for fails as the writer's fault,
    /// not the image's, naming the path; a PNG the same.
    @Test func aPlaceThatCannotBeWrittenIsNotWritable() async throws {
        let page = try await reader.read(try png("Nowhere to go", name: "nowhere.png"))
        let missing = folder.file("no such folder/searchable.pdf")
        await #expect { try await SearchablePDF.write([page], to: missing, decoder: reader.decoder) } throws: { error in
            (error as? OCRError)?.code == .notWritable && (error as? OCRError)?.path == missing
        }
        let image = try TextRenderer.render("Nowhere", margin: 8)
        #expect { try ImageWriter.write(image, to: folder.file("no such folder/nowhere.png")) } throws: { error in
            (error as? OCRError)?.code == .notWritable
        }
    }
}
