import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitBench
import OCRKitImages
import OCRKitServer
import OCRKitTestSupport
import Testing

/// The web page in a real browser: Debian's chromium, driven by Selenium (Browser/check_page.py)
/// as a person would use it.
@Suite(.heavy(hangGuard: .seconds(240)))
struct BrowserTests {
    static let browserInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")

    static let available = browserInstalled && ServiceTools.isInstalled("selenium")
    static let missing: Comment = "needs Debian's chromium and chromium-driver, and Selenium in .deps/service-tools: scripts/setup installs them"
    static let samples = SharedData.packageRoot.appendingPathComponent("Samples")

    @Test(.enabled(if: available, missing))
    func aPersonUploadsImagesSeesTheWordsAndDownloadsThePDF() async throws {
        let fixture = try ServerFixture()
        let notAnImage = try fixture.folder.write(Array("not an image".utf8), to: "notes.png")
        var files = [Self.samples.appendingPathComponent("receipt.jpg").path, Self.samples.appendingPathComponent("letter.png").path, notAnImage]
        var expected = ["receipt.jpg": "completed", "letter.png": "completed", "notes.png": "failed"]
        // A PDF dropped beside them is read page by page, each page a row of its own.
        if PDFTools.isInstalled {
            files.append(fixture.folder.file("minutes.pdf"))
            try TestDocuments.scannedPDF(["Minutes of the meeting", "Actions agreed"], to: files[3])
            expected["minutes.pdf, page 1"] = "completed"
            expected["minutes.pdf, page 2"] = "completed"
        }
        let (seen, downloads, screenshot) = try await Self.visit(fixture, uploading: files)
        #expect(seen["title"] as? String == "OCRKit")
        #expect(seen["statuses"] as? [String: String] == expected, "\(seen)")
        #expect(seen["batches"] as? [String] == ["\(expected.count) / \(expected.count)"])
        let words = try #require(seen["words"] as? Int), lines = try #require(seen["lines"] as? Int)
        #expect(words >= 20 && lines >= 8, "\(seen)")
        let text = try #require(seen["text"] as? String)
        #expect(text.contains("TOTAL 11.94") && text.contains("CORNER SHOP"), "\(text)")
        #expect(seen["popover"] as? String ?? "" != "" && (seen["alternatives"] as? Int ?? 0) >= 1, "\(seen)")
        #expect(seen["errors"] as? [String] == [], "the page's console: \(seen["errors"] ?? "")")

        let pdf = try #require((seen["downloads"] as? [String])?.first { $0.hasSuffix(".pdf") }, "\(seen)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: downloads.file(pdf)))
        #expect(bytes.starts(with: Data("%PDF".utf8)))
        if PDFTools.isInstalled { #expect(try PDFTools.pdftotext([downloads.file(pdf), "-"]).contains("TOTAL")) }

        // The screenshot shows a page: light and dark pixels both, not one colour.
        let shot = try await ImageLoader().decode(contentsOf: screenshot, maximumSide: nil)
        var histogram = [Int](repeating: 0, count: 4)
        for value in shot.pixels { histogram[Int(value) / 64] += 1 }
        #expect(shot.width >= 1000 && histogram.filter { $0 > shot.pixels.count / 200 }.count >= 2, "\(histogram)")
    }

    /// A statement read by a server that reads pages' structure: its table drawn as a grid, the
    /// same rows and columns as the table rendered, its CSV and the page's Markdown downloaded.
    @Test(.enabled(if: available && InstalledDependencies.hasLayoutModel, "\(missing); \(InstalledDependencies.missingTableModelReason)"))
    func aPersonSeesATablesGridAndDownloadsItsCSV() async throws {
        let fixture = try ServerFixture(structure: .page)
        let rendered = try RenderedTablePage(.statement, style: .ruled, seed: 5)
        let truth = try #require(rendered.truths.first)
        let image = try fixture.folder.write(try ImageWriter.pngData(rendered.image), to: "statement.png")
        let (seen, downloads, _) = try await Self.visit(fixture, uploading: [image])
        #expect(seen["statuses"] as? [String: String] == ["statement.png": "completed"], "\(seen)")
        #expect(seen["tableOutlines"] as? Int == 1 && seen["selectedCells"] as? Int == 2, "\(seen)")

        let grids = try #require(seen["tables"] as? [[[[String: Any]]]], "\(seen)")
        let grid = try #require(grids.first, "no table drawn: \(seen)")
        #expect(grids.count == 1 && grid.count == truth.rowCount, "\(grid)")
        // The header row, cell by cell, as the statement was printed.
        let header = grid.first ?? []
        let printed = truth.cells.filter { $0.row == 0 }.map(\.text)
        #expect(header.map { $0["text"] as? String ?? "" } == printed && header.allSatisfy { $0["header"] as? Bool == true }, "\(header)")
        #expect(grid.dropFirst().joined().allSatisfy { $0["header"] as? Bool == false }, "\(grid)")
        #expect(seen["errors"] as? [String] == [], "the page's console: \(seen["errors"] ?? "")")

        // The CSV the grid offers is the table's, named as ocr read --tables-dir names it; the page's Markdown holds it too.
        let names = try #require(seen["downloads"] as? [String])
        #expect(names.contains("statement-p1-t1.csv") && names.contains("statement.md"), "\(names)")
        let csv = try String(contentsOfFile: downloads.file("statement-p1-t1.csv"), encoding: .utf8)
        #expect(csv.split(whereSeparator: \.isNewline).first.map(String.init) == printed.joined(separator: ","), "\(csv)")
        let markdown = try String(contentsOfFile: downloads.file("statement.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# \(rendered.title)") && markdown.contains(printed[1]), "\(markdown)")
    }

    /// A selection larger than the server takes in one request goes up in parts, a batch each.
    @Test(.enabled(if: available, missing))
    func aSelectionOverTheRequestLimitGoesUpInParts() async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.limits.maximumRequestBytes = 40_000
        let images = ["receipt.jpg", "letter.png", "notice.webp"].map { Self.samples.appendingPathComponent($0).path }
        let sizes = try images.map { try #require(try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }
        try #require(sizes.reduce(0, +) > 40_000 && sizes.allSatisfy { $0 < 40_000 }, "\(sizes)")

        let (seen, _, _) = try await Self.visit(try ServerFixture(configuration: configuration), uploading: images)
        #expect(seen["statuses"] as? [String: String] == ["receipt.jpg": "completed", "letter.png": "completed", "notice.webp": "completed"],
                "\(seen)")
        let batches = try #require(seen["batches"] as? [String], "\(seen)")
        // Each part done: "2 / 2" and so on.
        #expect(batches.count >= 2 && batches.allSatisfy { Set($0.split(separator: " / ")).count == 1 }, "\(batches)")
        #expect((seen["text"] as? String ?? "").contains("CORNER SHOP"), "\(seen)")
        // The browser logs the parts refused as too large; nothing else went wrong.
        let errors = try #require(seen["errors"] as? [String])
        #expect(!errors.isEmpty && errors.allSatisfy { $0.contains("status of 413") }, "the page's console: \(errors)")
    }

    /// What Browser/check_page.py saw uploading `images` on the fixture's page, with the folder
    /// it downloaded to and its screenshot.
    private static func visit(_ fixture: ServerFixture, uploading images: [String]) async throws
        -> (seen: [String: Any], downloads: TemporaryFolder, screenshot: String) {
        let downloads = try TemporaryFolder()
        let screenshot = fixture.folder.file("page.png")
        let output = try await fixture.live { client in
            let run = try await ServiceTools.python([
                SharedData.packageRoot.appendingPathComponent("Tests/OCRKitServerTests/Browser/check_page.py").path,
                "http://127.0.0.1:\(client.port ?? 0)/", downloads.path, screenshot,
            ] + images)
            #expect(run.status == 0, "\(run.errors)")
            return run.output
        }
        let seen = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any], "\(String(decoding: output, as: UTF8.self))")
        return (seen, downloads, screenshot)
    }
}
