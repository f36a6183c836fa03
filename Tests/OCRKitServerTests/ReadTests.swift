import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitBench
import OCRKitImages
@testable import OCRKitServer
import OCRKitTestSupport
import Testing

/// `POST /v1/read`: an image read now, in every format, with options, and every way it can fail.
@Suite(.heavy(hangGuard: .seconds(240)))
struct ReadTests {
    @Test func readsAnImageInEveryFormat() async throws {
        let fixture = try ServerFixture(), image = try scan("Invoice 2024-117\nTotal due: 42.00")
        try await fixture.test { client in
            let json = try await client.execute(uri: "/v1/read?name=invoice.jpg", method: .post, body: image)
            #expect(json.status == .ok && json.headers[.contentType] == "application/json")
            let page = try Page(jsonData: Data(json.body.readableBytesView))
            #expect(page.image == "invoice.jpg" && page.text == "Invoice 2024-117\nTotal due: 42.00")
            #expect(page.words.allSatisfy { !$0.alternatives.isEmpty || $0.confidence > 0.99 }, "JSON shows alternatives")

            let text = try await client.execute(uri: "/v1/read?format=text", method: .post, body: image)
            #expect(text.text == "Invoice 2024-117\nTotal due: 42.00\n")
            let hocr = try await client.execute(uri: "/v1/read?format=hocr", method: .post, body: image)
            #expect(hocr.text.contains("class='ocrx_word'") || hocr.text.contains("class=\"ocrx_word\""))
            #expect(hocr.text.contains(">42.00<"))
            let alto = try await client.execute(uri: "/v1/read?format=alto", method: .post, body: image)
            #expect(alto.text.contains("<alto") && alto.text.contains("CONTENT=\"2024-117\""))
            let pdf = try await client.execute(uri: "/v1/read?format=pdf&name=invoice.jpg", method: .post, body: image)
            #expect(pdf.headers[.contentType] == "application/pdf" && pdf.text.hasPrefix("%PDF"), "\(pdf.text.prefix(500))")
            #expect(pdf.headers[.contentDisposition] == "inline; filename=\"invoice.pdf\"")
            if PDFTools.isInstalled {
                let file = try fixture.folder.write(pdf.body.readableBytesView, to: "invoice.pdf")
                #expect(try PDFTools.pdftotext([file, "-"]).contains("Total due: 42.00"))
            }
        }
    }

    /// `format=markdown` and `format=html` read the page's structure: its title, its table.
    @Test(.enabled(if: InstalledDependencies.hasLayoutModel, InstalledDependencies.missingTableModelReason))
    func readsAPagesStructureAsMarkdownAndHTML() async throws {
        let fixture = try ServerFixture()
        let rendered = try RenderedTablePage(.invoice, style: .ruled, seed: 31)
        let image = ByteBuffer(bytes: try ImageWriter.pngData(rendered.image))
        try await fixture.test { client in
            // Read by the server's own engine, Tesseract: the structure is the same step whatever engine read the words.
            let markdown = try await client.execute(uri: "/v1/read?format=markdown", method: .post, body: image)
            #expect(markdown.status == .ok && markdown.headers[.contentType] == "text/markdown; charset=utf-8")
            // The total's label spans three columns: the table is HTML inside the Markdown.
            #expect(markdown.text.hasPrefix("# Invoice ") && markdown.text.contains("<th>Item</th>")
                    && markdown.text.contains("<td colspan=\"3\">Total</td>"), "\(markdown.text)")
            let html = try await client.execute(uri: "/v1/read?format=html", method: .post, body: image)
            #expect(html.text.contains("<h1>Invoice ") && html.text.contains("<th>Item</th>"), "\(html.text)")
            // JSON is read without the structure, as before.
            let json = try await client.execute(uri: "/v1/read", method: .post, body: image)
            #expect(try Page(jsonData: Data(json.body.readableBytesView)).tables.isEmpty)
        }
    }

    /// The languages the server reads, which its page offers; a read without `lang` finds the
    /// page's script and says the language it read in.
    @Test func listsTheLanguagesItReadsAndFindsAPagesOwn() async throws {
        let fixture = try ServerFixture()
        let page = try TextRenderer.renderPage(["Оптический размер", "Название метода или интерфейса"].map { ($0, "Noto Sans 12") })
        let image = ByteBuffer(bytes: try ImageWriter.pngData(page))
        try await fixture.test { client in
            let response = try await client.execute(uri: "/v1/languages", method: .get)
            #expect(response.status == .ok)
            let listed = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: [[String: Any]]]
            let languages = try #require(listed?["languages"])
            #expect(languages.contains { $0["code"] as? String == "rus" && $0["scripts"] as? [String] == ["cyrillic"] })
            #expect(!languages.contains { $0["code"] as? String == "osd" })

            let read = try await client.execute(uri: "/v1/read", method: .post, body: image)
            let russian = try Page(jsonData: Data(read.body.readableBytesView))
            #expect(russian.languages.first == "rus" && russian.text.contains("Оптический"), "\(russian.text)")
        }
    }

    @Test func optionsAreTheCommandLinesOwn() async throws {
        let fixture = try ServerFixture(), image = try scan("TOP LINE\n\n\n\n\nBOTTOM LINE")
        try await fixture.test { client in
            let bottom = try await client.execute(uri: "/v1/read?format=text&roi=0,0.5,1,0.5", method: .post, body: image)
            #expect(bottom.text == "BOTTOM LINE\n")
            let digits = try await client.execute(uri: "/v1/read?format=text&allow=0123456789", method: .post,
                                                  body: try scan("Room 42"))
            let read = digits.text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!read.isEmpty && read.allSatisfy(\.isNumber), "\(read)")

            let ndlocr = try await client.execute(uri: "/v1/read?engine=ndlocr", method: .post, body: image)
            #expect(ndlocr.status == .unprocessableContent, "no NDLOCR-Lite models in a fresh clone: \(ndlocr.text)")
            #expect(try apiError(ndlocr).message.hasPrefix("ndlocr cannot read on this server: "))

            for (query, said) in [("colour=red", "unknown parameter 'colour'"), ("roi=0,0.5,1", "roi=0,0.5,1 is not x,y,w,h"),
                                  ("format=docx", "format=docx is not one of json, text, hocr, alto, markdown, html, pdf"),
                                  ("engine=ocr9000", "engine=ocr9000 is not one of"), ("min-text-height=2", "minimum text height"),
                                  ("lang=klingon", "klingon"), ("flag-threshold=2", "the flag threshold 2.0"),
                                  // Its name before OCRKit settled on "flag", still read.
                                  ("review-threshold=2", "the flag threshold 2.0")] {
                let response = try await client.execute(uri: "/v1/read?\(query)", method: .post, body: image)
                #expect(response.status == .badRequest, "\(query)")
                #expect(try apiError(response).message.contains(said), "\(query): \(response.text)")
            }
        }
    }

    @Test func badImagesAreAnsweredWithTheirCauseAndTheServerGoesOn() async throws {
        let fixture = try ServerFixture(maximumPixels: 4_000_000)
        let image = try scan("Still reading")
        let truncated = image.getSlice(at: 0, length: image.readableBytes / 2)!
        try await fixture.test { client in
            let cases: [(ByteBuffer, HTTPResponse.Status, String, String)] = [
                (ByteBuffer(), .badRequest, "no-image", "holds no image"),
                (ByteBuffer(string: "just some words"), .unsupportedMediaType, "unsupported-format", "notes.txt: not an image"),
                (truncated, .unprocessableContent, "corrupt", "notes.txt:"),
                (ByteBuffer(bytes: try ImageWriter.jpegData(Bitmap(width: 3000, height: 2000, layout: .gray,
                                                                       pixels: [UInt8](repeating: 255, count: 6_000_000), image: "white"))), .contentTooLarge,
                 "too-large", "notes.txt:"),
            ]
            for (body, status, code, said) in cases {
                let response = try await client.execute(uri: "/v1/read?name=notes.txt", method: .post, body: body)
                let error = try apiError(response)
                #expect(response.status == status && error.code == code, "\(error)")
                #expect(error.message.contains(said), "\(error.message)")
            }
            let good = try await client.execute(uri: "/v1/read?format=text", method: .post, body: image)
            #expect(good.status == .ok && good.text == "Still reading\n")
        }
    }

    @Test func aFormCarriesOneNamedImage() async throws {
        let fixture = try ServerFixture(), image = try scan("From a form")
        try await fixture.test { client in
            let one = form([("../../etc/scan.jpg", image)])
            let read = try await client.execute(uri: "/v1/read", method: .post, headers: [.contentType: one.contentType], body: one.body)
            let page = try Page(jsonData: Data(read.body.readableBytesView))
            #expect(page.image == "scan.jpg" && page.text == "From a form", "a client's folders are dropped from the name")

            let two = form([("a.jpg", image), ("b.jpg", image)])
            let both = try await client.execute(uri: "/v1/read", method: .post, headers: [.contentType: two.contentType], body: two.body)
            #expect(both.status == .badRequest)
            #expect(try apiError(both).code == "one-image")
            let broken = try await client.execute(uri: "/v1/read", method: .post,
                                                  headers: [.contentType: "multipart/form-data"], body: image)
            #expect(broken.status == .badRequest)
            #expect(try apiError(broken).message.contains("boundary"))
        }
    }

    @Test func limitsAnswer413And408AndTheRestStillRead() async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.limits.maximumRequestBytes = 50_000
        configuration.limits.maximumReadTime = .milliseconds(1)
        let fixture = try ServerFixture(configuration: configuration)
        try await fixture.test { client in
            let large = ByteBuffer(repeating: 0xFF, count: 60_000)
            let tooLarge = try await client.execute(uri: "/v1/read", method: .post, body: large)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(try apiError(tooLarge).message.contains("limit of 50000 bytes"), "\(tooLarge.text)")
            let slow = try await client.execute(uri: "/v1/read", method: .post, body: try scan("Too slow for a millisecond"))
            #expect(slow.status == .requestTimeout, "\(slow.text)")
            #expect(try apiError(slow).code == "timeout")
            #expect(try apiError(slow).message.contains("reading image took longer than the server's limit"))
        }
    }

    @Test func aSaturatedServerAnswers503WithRetryAfter() async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.limits.waitingReadsPerWorker = 1
        // The read that waits its turn must not time out (408) when the suite loads the machine:
        // in CI the two reads once took over the default two minutes.
        configuration.limits.maximumReadTime = .seconds(600)
        let fixture = try ServerFixture(configuration: configuration, workers: 1)
        let page = try scan((1...30).map { "Line \($0) of a long page, to keep the only worker busy" }.joined(separator: "\n"))
        try await fixture.test { client in
            let statuses = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let response = try await client.execute(uri: "/v1/read?format=text", method: .post, body: page)
                        return (response.status, response.headers[.retryAfter])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // One reads, one waits its turn; the rest are told when to come back.
            #expect(statuses.filter { $0.0 == .ok }.count == 2, "\(statuses)")
            let busy = statuses.filter { $0.0 == .serviceUnavailable }
            #expect(busy.count == 4 && busy.allSatisfy { Int($0.1 ?? "") ?? 0 >= 1 }, "\(statuses)")
        }
    }
}

/// Forms as clients and fuzzers send them, well-formed and not.
@Suite(.heavy)
struct FormTests {
    @Test func hostileFormsAreRefusedAndTheServerGoesOn() async throws {
        let fixture = try ServerFixture(), image = try scan("After the hostile forms")
        let boundary = "b3ba904095372a284da9561032452a47"
        let hostile: [String] = [
            // What crashed multipart-kit 4.7.1: bytes above 127 in a header name.
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"x\"\r\n\u{C2}\u{90},`\u{AA5}: y\r\n\r\n{}\r\n--\(boundary)--\r\n",
            "--\(boundary)\r\n\u{FF}\u{FE}\u{80}\r\n\r\nabc\r\n--\(boundary)--\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\n\r\nnever closed",
            "--\(boundary)",
            "no delimiter at all",
            "--\(boundary)--\r\n",
        ]
        try await fixture.test { client in
            for body in hostile {
                let response = try await client.execute(uri: "/v1/batches", method: .post,
                                                        headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
                                                        body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(body.debugDescription): \(response.text)")
            }
            let good = form([("after.jpg", image)], boundary: boundary)
            let read = try await client.execute(uri: "/v1/read?format=text", method: .post,
                                                headers: [.contentType: good.contentType], body: good.body)
            #expect(read.text == "After the hostile forms\n")
        }
    }

    @Test func partsWithoutHeadersOrFileNamesAreNotImages() throws {
        let body = Data("--b\r\n\r\nno headers\r\n--b\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--b\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\nbytes\r\n--b--\r\n".utf8)
        let form = try FormData(body, boundary: "b")
        #expect(form.parts.map { String(decoding: $0.contents, as: UTF8.self) } == ["no headers", "hello", "PNG\r\nbytes"])
        #expect(form.parts[2].headers["content-type"] == "image/png")
    }
}
