import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitImages
import OCRKitTestSupport
import Testing

/// The web page in a real browser: Debian's chromium, driven by Selenium (Browser/check_page.py)
/// as a person would use it.
@Suite(.timeLimit(.minutes(3)))
struct BrowserTests {
    static let browserInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")

    @Test(.enabled(if: browserInstalled && ServiceTools.isInstalled("selenium"),
                   "needs Debian's chromium and chromium-driver, and Selenium in .deps/service-tools: scripts/setup installs them"))
    func aPersonUploadsImagesSeesTheWordsAndDownloadsThePDF() async throws {
        let fixture = try ServerFixture()
        let downloads = try TemporaryFolder()
        let samples = SharedData.packageRoot.appendingPathComponent("Samples")
        let notAnImage = try fixture.folder.write(Array("not an image".utf8), to: "notes.png")
        let screenshot = fixture.folder.file("page.png")
        let output = try await fixture.live { client in
            let run = try await ServiceTools.python([
                SharedData.packageRoot.appendingPathComponent("Tests/OCRKitServerTests/Browser/check_page.py").path,
                "http://127.0.0.1:\(client.port ?? 0)/", downloads.path, screenshot,
                samples.appendingPathComponent("receipt.jpg").path, samples.appendingPathComponent("letter.png").path, notAnImage,
            ])
            #expect(run.status == 0, "\(run.errors)")
            return run.output
        }
        let seen = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any], "\(String(decoding: output, as: UTF8.self))")
        #expect(seen["title"] as? String == "OCRKit")
        #expect(seen["statuses"] as? [String] == ["completed", "completed", "failed"])
        #expect(seen["progress"] as? String == "3 / 3")
        let words = try #require(seen["words"] as? Int), lines = try #require(seen["lines"] as? Int)
        #expect(words >= 20 && lines >= 8, "\(seen)")
        let text = try #require(seen["text"] as? String)
        #expect(text.contains("TOTAL 11.94") && text.contains("CORNER SHOP"), "\(text)")
        #expect(seen["popover"] as? String ?? "" != "" && (seen["alternatives"] as? Int ?? 0) >= 1, "\(seen)")
        #expect(seen["errors"] as? [String] == [], "the page's console: \(seen["errors"] ?? "")")

        let pdf = try #require((seen["downloads"] as? [String])?.first { $0.hasSuffix(".pdf") }, "\(seen)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: downloads.file(pdf)))
        #expect(bytes.starts(with: Data("%PDF".utf8)))
        if Poppler.isInstalled { #expect(try Poppler.pdftotext([downloads.file(pdf), "-"]).contains("TOTAL")) }

        // The screenshot shows a page: light and dark pixels both, not one colour.
        let shot = try await ImageLoader().decode(contentsOf: screenshot, maximumSide: nil)
        var histogram = [Int](repeating: 0, count: 4)
        for value in shot.pixels { histogram[Int(value) / 64] += 1 }
        #expect(shot.width >= 1000 && histogram.filter { $0 > shot.pixels.count / 200 }.count >= 2, "\(histogram)")
    }
}
