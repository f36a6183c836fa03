import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitBench
import OCRKitImages
import OCRKitServer
import OCRKitTestSupport
import Testing

/// Batches through the queue: uploaded or named under the root, their progress, results,
/// failures, cancelling and retrying, and what a batch may not ask.
@Suite(.heavy(hangGuard: .seconds(240)))
struct BatchTests {
    @Test func anUploadedBatchIsReadWithItsFailuresNamed() async throws {
        let fixture = try ServerFixture()
        let upload = form([("page1.jpg", try scan("First page")), ("notes.txt", ByteBuffer(string: "not an image")),
                           ("page2.jpg", try scan("Second page")), ("page1.jpg", try scan("Another first page"))])
        try await fixture.test { client in
            let created = try await client.execute(uri: "/v1/batches?name=letters&lang=eng", method: .post,
                                                   headers: [.contentType: upload.contentType], body: upload.body)
            #expect(created.status == .created, "\(created.text)")
            let batch = try json(created)
            #expect(batch["name"] as? String == "letters" && batch["total"] as? Int == 4)
            let id = try #require(batch["id"] as? Int)

            let done = try await finished(id, client)
            #expect(done["completed"] as? Int == 3 && done["failed"] as? Int == 1 && done["pending"] as? Int == 0)

            let lines = try await client.execute(uri: "/v1/batches/\(id)/results", method: .get)
            #expect(lines.headers[.contentType] == "application/x-ndjson")
            let pages = try lines.text.split(separator: "\n").map { try Page(jsonData: Data($0.utf8)) }
            #expect(pages.map(\.image) == ["page1.jpg", "page2.jpg", "page1 (2).jpg"], "in the order uploaded, names kept apart")
            #expect(pages.map(\.text) == ["First page", "Second page", "Another first page"])

            let text = try await client.execute(uri: "/v1/batches/\(id)/results?format=text", method: .get)
            #expect(text.text.hasPrefix("==> page1.jpg <==\nFirst page\n\n==> page2.jpg <=="))
            let pdf = try await client.execute(uri: "/v1/batches/\(id)/results?format=pdf", method: .get)
            #expect(pdf.text.hasPrefix("%PDF"))
            if PDFTools.isInstalled {
                let file = try fixture.folder.write(pdf.body.readableBytesView, to: "batch.pdf")
                let layer = try PDFTools.pdftotext([file, "-"])
                #expect(layer.contains("First page") && layer.contains("Another first page"), "\(layer)")
            }

            let failures = try await client.execute(uri: "/v1/batches/\(id)/failures", method: .get)
            let failure = try #require(try JSONSerialization.jsonObject(with: Data(failures.body.readableBytesView)) as? [[String: Any]])
            #expect(failure.count == 1 && failure.first?["image"] as? String == "notes.txt")
            #expect(failure.first?["code"] as? String == "unsupported-format")

            let retried = try await client.execute(uri: "/v1/batches/\(id)/retry", method: .post)
            #expect(try json(retried)["retried"] as? Int == 1)
            let again = try await finished(id, client)
            #expect(again["failed"] as? Int == 1, "the same bytes fail the same way")

            let listing = try await client.execute(uri: "/v1/batches", method: .get)
            #expect(listing.text.contains("\"name\":\"letters\""))
        }
    }

    /// A server that reads pages' structure (`ocr serve --structure`) offers each table of a
    /// batch's page as CSV, and the batch as Markdown with its tables.
    @Test(.enabled(if: InstalledDependencies.hasLayoutModel, InstalledDependencies.missingTableModelReason))
    func aBatchReadWithItsStructureOffersItsTables() async throws {
        let fixture = try ServerFixture(structure: .page)
        let rendered = try RenderedTablePage(.priceList, style: .striped, seed: 12)
        let upload = form([("prices.png", ByteBuffer(bytes: try ImageWriter.pngData(rendered.image)))])
        try await fixture.live { client in
            let port = try #require(client.port)
            let created = try await client.execute(uri: "/v1/batches", method: .post, headers: [.contentType: upload.contentType], body: upload.body)
            let id = try #require(try json(created)["id"] as? Int)
            let read = try #require(try await events("http://127.0.0.1:\(port)/v1/events?batch=\(id)", count: 1).first?.data["item"] as? Int)

            let table = try await client.execute(uri: "/v1/items/\(read)/tables/1", method: .get)
            #expect(table.status == .ok && table.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(table.headers[.contentDisposition] == "attachment; filename=\"prices-p1-t1.csv\"")
            let printed = try #require(rendered.truths.first).cells.filter { $0.row == 0 }.map(\.text)
            #expect(table.text.split(whereSeparator: \.isNewline).first.map(String.init) == printed.joined(separator: ","), "\(table.text)")

            let missing = try await client.execute(uri: "/v1/items/\(read)/tables/2", method: .get)
            #expect(missing.status == .notFound && missing.text.contains("prices.png: it has one table"), "\(missing.text)")

            let markdown = try await client.execute(uri: "/v1/batches/\(id)/results?format=markdown", method: .get)
            // A pipe table, or HTML where a section's heading spans the row.
            let header = ["| \(printed.joined(separator: " | ")) |", printed.map { "<th>\($0)</th>" }.joined()]
            #expect(markdown.text.contains("# \(rendered.title)") && header.contains { markdown.text.contains($0) }, "\(markdown.text)")
        }
    }

    /// A batch of two scanned PDFs as Markdown: each document converted on its own, its
    /// sentence joined across its own pages, not into the next document's first.
    @Test func aBatchOfSeveralDocumentsIsConvertedDocumentByDocument() async throws {
        let fixture = try ServerFixture()
        let first = fixture.folder.file("first.pdf"), second = fixture.folder.file("second.pdf")
        try TestDocuments.scannedPDF(["The first document runs on past its page", "and ends on its second page without a stop"], to: first)
        try TestDocuments.scannedPDF(["but the next document opens in lower case."], to: second)
        let upload = form([("first.pdf", ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: first)))),
                           ("second.pdf", ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: second))))])
        try await fixture.test { client in
            let created = try await client.execute(uri: "/v1/batches", method: .post, headers: [.contentType: upload.contentType], body: upload.body)
            let id = try #require(try json(created)["id"] as? Int)
            #expect(try await finished(id, client)["completed"] as? Int == 3)

            let markdown = try await client.execute(uri: "/v1/batches/\(id)/results?format=markdown", method: .get).text
            let paragraphs = markdown.split(separator: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(paragraphs.count == 2, "\(markdown)")
            #expect(paragraphs.first?.contains("past its page and ends") == true && paragraphs.last?.hasPrefix("but the next") == true,
                    "\(markdown)")
        }
    }

    @Test func aBatchCanBeCancelled() async throws {
        let fixture = try ServerFixture(workers: 1)
        let pages = try (1...6).map { ("page\($0).jpg", try scan("Page \($0) of six")) }
        let upload = form(pages)
        try await fixture.test { client in
            let created = try await client.execute(uri: "/v1/batches", method: .post,
                                                   headers: [.contentType: upload.contentType], body: upload.body)
            let id = try #require(try json(created)["id"] as? Int)
            let cancel = try await client.execute(uri: "/v1/batches/\(id)/cancel", method: .post)
            let cancelled = try #require(try json(cancel)["cancelled"] as? Int)
            let done = try await finished(id, client)
            #expect(cancelled >= 1 && done["cancelled"] as? Int == cancelled && done["completed"] as? Int == 6 - cancelled)
        }
    }

    @Test func pathsAreReadOnlyInsideTheRoot() async throws {
        let root = try TemporaryFolder(), outside = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root.file("scans"), withIntermediateDirectories: true)
        try root.write(try scan("Inside the root").readableBytesView, to: "scans/a.jpg")
        try root.write(try scan("Also inside").readableBytesView, to: "scans/b.jpg")
        try outside.write(try scan("Secret").readableBytesView, to: "secret.jpg")
        try FileManager.default.createSymbolicLink(atPath: root.file("link.jpg"), withDestinationPath: outside.file("secret.jpg"))
        try FileManager.default.createSymbolicLink(atPath: root.file("escape"), withDestinationPath: outside.path)

        let fixture = try ServerFixture(configuration: ServerConfiguration(port: 0, root: root.path))
        try await fixture.test { client in
            func batch(_ paths: [String]) async throws -> TestResponse {
                let body = try JSONSerialization.data(withJSONObject: ["paths": paths])
                return try await client.execute(uri: "/v1/batches", method: .post, headers: [.contentType: "application/json"],
                                                body: ByteBuffer(bytes: body))
            }
            let created = try await batch(["scans/"])
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(try json(created)["id"] as? Int)
            _ = try await finished(id, client)
            let text = try await client.execute(uri: "/v1/batches/\(id)/results?format=text", method: .get)
            #expect(text.text.contains("Inside the root") && text.text.contains("Also inside"))

            for path in ["../secret.jpg", outside.file("secret.jpg"), "link.jpg", "escape/secret.jpg", "escape/", "scans/../../x"] {
                let refused = try await batch([path])
                #expect(refused.status == .forbidden, "\(path): \(refused.text)")
                #expect(try apiError(refused).code == "outside-root")
            }
            let missing = try await batch(["scans/none.jpg"])
            #expect(missing.status == .notFound)
            #expect(try apiError(missing).message == "scans/none.jpg: no such file or folder under the root")
            let malformed = try await client.execute(uri: "/v1/batches", method: .post, headers: [.contentType: "application/json"],
                                                     body: ByteBuffer(string: "{\"files\": 3}"))
            #expect(malformed.status == .badRequest)
        }
        // Without a root, no path of the server's is read.
        try await ServerFixture().test { client in
            let body = ByteBuffer(string: "{\"paths\": [\"/etc/passwd\"]}")
            let refused = try await client.execute(uri: "/v1/batches", method: .post, headers: [.contentType: "application/json"], body: body)
            #expect(refused.status == .forbidden)
            #expect(try apiError(refused).code == "no-root")
        }
    }

    @Test func aBatchTakesNoMoreImagesThanTheLimitNorAnEngineOfItsOwn() async throws {
        var configuration = ServerConfiguration(port: 0)
        configuration.limits.maximumBatchImages = 2
        let fixture = try ServerFixture(configuration: configuration)
        let image = try scan("One of three")
        let upload = form([("a.jpg", image), ("b.jpg", image), ("c.jpg", image)])
        try await fixture.test { client in
            let tooMany = try await client.execute(uri: "/v1/batches", method: .post,
                                                   headers: [.contentType: upload.contentType], body: upload.body)
            #expect(tooMany.status == .contentTooLarge)
            #expect(try apiError(tooMany).message == "the batch holds 3 images, more than the server's limit of 2")
            let engine = try await client.execute(uri: "/v1/batches?engine=ppocr", method: .post,
                                                  headers: [.contentType: upload.contentType], body: upload.body)
            #expect(engine.status == .badRequest)
            for path in ["/v1/batches/99", "/v1/batches/x/results", "/v1/batches/99/cancel"] {
                let missing = try await client.execute(uri: path, method: path.hasSuffix("cancel") ? .post : .get)
                #expect(missing.status == .notFound, "\(path)")
            }
        }
    }
}

/// A JSON object answer.
func json(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any], "\(response.text)")
}

/// The batch once nothing of it is pending.
func finished(_ id: Int, _ client: some TestClientProtocol) async throws -> [String: Any] {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
        let batch = try json(try await client.execute(uri: "/v1/batches/\(id)", method: .get))
        if batch["done"] as? Bool == true { return batch }
        try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("batch \(id) is not done after 60 s")
    return [:]
}
