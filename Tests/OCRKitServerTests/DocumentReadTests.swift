import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitImages
@testable import OCRKitServer
import OCRKitTestSupport
import Testing

/// `POST /v1/read` with a PDF: every page answered, or the searchable copy.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .heavy(hangGuard: .seconds(600)), .onThreadsOfTheirOwn)
struct DocumentReadTests {
    @Test func aPDFIsAnsweredEveryPageOrAsItsSearchableCopy() async throws {
        let fixture = try ServerFixture()
        let path = fixture.folder.file("invoice.pdf")
        try TestDocuments.scannedPDF(["Invoice 2024-117", "Total due: 42.00"], to: path)
        let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))

        try await fixture.test { client in
            let json = try await client.execute(uri: "/v1/read?name=invoice.pdf", method: .post, body: body)
            #expect(json.status == .ok, "\(json.text)")
            let pages = try JSONDecoder().decode([Page].self, from: Data(json.body.readableBytesView))
            #expect(pages.map(\.pageNumber) == [1, 2] && pages.allSatisfy { $0.image == "invoice.pdf" })
            #expect(pages.map(\.text) == ["Invoice 2024-117", "Total due: 42.00"])

            let text = try await client.execute(uri: "/v1/read?name=invoice.pdf&format=text", method: .post, body: body)
            #expect(text.text == "==> invoice.pdf, page 1 <==\nInvoice 2024-117\n\n==> invoice.pdf, page 2 <==\nTotal due: 42.00\n")

            let pdf = try await client.execute(uri: "/v1/read?name=invoice.pdf&format=pdf", method: .post, body: body)
            #expect(pdf.headers[.contentDisposition] == "inline; filename=\"invoice.pdf\"")
            let copy = try fixture.folder.write(pdf.body.readableBytesView, to: "invoice-ocr.pdf")
            let layer = try PDFTools.pdftotext([copy, "-"])
            #expect(layer.contains("Invoice 2024-117") && layer.contains("Total due: 42.00"))
            let before = fixture.folder.file("before"), after = fixture.folder.file("after")
            _ = try Tool.output("pdfimages", ["-all", path, before])
            _ = try Tool.output("pdfimages", ["-all", copy, after])
            #expect(FileManager.default.contents(atPath: after + "-000.jpg") == FileManager.default.contents(atPath: before + "-000.jpg"))

            let damaged = try await client.execute(uri: "/v1/read?name=broken.pdf", method: .post,
                                                   body: ByteBuffer(string: "%PDF-1.4\n"))
            #expect(damaged.status == .unprocessableContent, "\(damaged.text)")
            #expect(try apiError(damaged).message.hasPrefix("broken.pdf: damaged PDF"), "\(damaged.text)")
        }
    }

    /// Pages read straightened are straightened again for their searchable copy: the read's PDF
    /// once left the straightener out, and failed on them.
    @Test func aDocumentReadStraightenedIsItsSearchableCopy() async throws {
        let fixture = try ServerFixture()
        let pages = try ["First sheet", "Second sheet"].enumerated().map { index, text in
            let page = fixture.folder.file("sheet-\(index).tif")
            try TestDocuments.scannedPage(text, to: page)
            return page
        }
        let path = fixture.folder.file("sheets.tif")
        try TestDocuments.multiPageTIFF(pages, to: path)
        let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))

        try await fixture.test { client in
            let json = try await client.execute(uri: "/v1/read?name=sheets.tif&straighten=true", method: .post, body: body)
            let read = try JSONDecoder().decode([Page].self, from: Data(json.body.readableBytesView))
            #expect(read.count == 2 && read.allSatisfy { $0.straightening != nil }, "\(json.text)")
            let pdf = try await client.execute(uri: "/v1/read?name=sheets.tif&straighten=true&format=pdf", method: .post, body: body)
            #expect(pdf.status == .ok, "\(pdf.text)")
            let copy = try fixture.folder.write(pdf.body.readableBytesView, to: "sheets.pdf")
            let layer = try PDFTools.pdftotext([copy, "-"])
            #expect(layer.contains("First sheet") && layer.contains("Second sheet"), "\(layer)")
        }
    }

    /// A read chooses a document's pages and reads those holding text, as `ocr read` does.
    @Test func aReadTakesTheDocumentOptionsOfTheCommand() async throws {
        let fixture = try ServerFixture()
        let scan = fixture.folder.file("minutes.pdf"), typeset = fixture.folder.file("typeset.pdf")
        try TestDocuments.scannedPDF(["First page", "Second page", "Third page"], to: scan)
        try TestDocuments.typeset([["Typeset already"]], to: typeset)
        let scanned = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: scan)))
        let typed = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: typeset)))

        try await fixture.test { client in
            let chosen = try await client.execute(uri: "/v1/read?name=minutes.pdf&pages=2-3&format=text", method: .post, body: scanned)
            #expect(chosen.text == "==> minutes.pdf, page 2 <==\nSecond page\n\n==> minutes.pdf, page 3 <==\nThird page\n", "\(chosen.text)")
            let past = try await client.execute(uri: "/v1/read?name=minutes.pdf&pages=7", method: .post, body: scanned)
            #expect(past.status == .unprocessableContent || past.status == .badRequest, "\(past.text)")

            let kept = try await client.execute(uri: "/v1/read?name=typeset.pdf&format=text", method: .post, body: typed)
            #expect(kept.status == .ok && kept.text == "Typeset already\n", "a page holding text gives it as it is: \(kept.text)")
            let json = try await client.execute(uri: "/v1/read?name=typeset.pdf", method: .post, body: typed)
            #expect(try JSONDecoder().decode(Page.self, from: Data(json.body.readableBytesView)).holdsEmbeddedText, "\(json.text)")
            let forced = try await client.execute(uri: "/v1/read?name=typeset.pdf&format=text&force=true&dpi=200", method: .post, body: typed)
            #expect(forced.text.contains("Typeset already"), "\(forced.text)")

            let both = try await client.execute(uri: "/v1/read?name=typeset.pdf&force=true&redo=true", method: .post, body: typed)
            #expect(both.status == .badRequest, "\(both.text)")
            #expect(try apiError(both).message.contains("redo and force"), "\(both.text)")
            let batch = try await client.execute(uri: "/v1/batches?pages=2", method: .post, body: typed)
            #expect(batch.status == .badRequest, "a batch does not ignore what it cannot do: \(batch.text)")
            let low = try await client.execute(uri: "/v1/read?name=typeset.pdf&dpi=10", method: .post, body: typed)
            #expect(low.status == .badRequest, "\(low.text)")
            #expect(try apiError(low).message.contains("dpi=10"), "\(low.text)")
        }
    }

    @Test func aBatchTakesADocumentAsItsPages() async throws {
        let fixture = try ServerFixture()
        let path = fixture.folder.file("minutes.pdf")
        try TestDocuments.scannedPDF(["Minutes of the meeting", "Actions agreed"], to: path)
        let upload = form([("minutes.pdf", ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))),
                           ("note.jpg", try scan("A loose note"))])

        try await fixture.test { client in
            let created = try await client.execute(uri: "/v1/batches", method: .post,
                                                   headers: [.contentType: upload.contentType], body: upload.body)
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(try json(created)["id"] as? Int)
            #expect(try json(created)["total"] as? Int == 3, "a page an item")
            #expect(try await finished(id, client)["completed"] as? Int == 3)

            let lines = try await client.execute(uri: "/v1/batches/\(id)/results", method: .get)
            let pages = try lines.text.split(separator: "\n").map { try Page(jsonData: Data($0.utf8)) }
            #expect(pages.map(\.image) == ["minutes.pdf", "minutes.pdf", "note.jpg"])
            #expect(pages.map(\.pageNumber) == [1, 2, nil])
            #expect(pages.map(\.text) == ["Minutes of the meeting", "Actions agreed", "A loose note"])

            let pdf = try await client.execute(uri: "/v1/batches/\(id)/results?format=pdf", method: .get)
            let file = try fixture.folder.write(pdf.body.readableBytesView, to: "batch.pdf")
            let layer = try PDFTools.pdftotext([file, "-"]).components(separatedBy: "\u{0C}")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            #expect(layer == ["Minutes of the meeting", "Actions agreed", "A loose note"])
            // The uploaded PDF's pages are copied as they were, not drawn again from their pixels.
            let before = fixture.folder.file("before"), after = fixture.folder.file("after")
            _ = try Tool.output("pdfimages", ["-all", path, before])
            _ = try Tool.output("pdfimages", ["-all", file, after])
            for name in ["-000.jpg", "-001.jpg"] {
                #expect(FileManager.default.contents(atPath: after + name) == FileManager.default.contents(atPath: before + name), "\(name)")
            }
        }
    }
}
