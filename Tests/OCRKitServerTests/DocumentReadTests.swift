import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitImages
@testable import OCRKitServer
import OCRKitTestSupport
import Testing

/// `POST /v1/read` with a PDF: every page answered, or the searchable copy.
@Suite(.enabled(if: PDFTools.isInstalled, PDFTools.missingReason), .timeLimit(.minutes(4)), .onThreadsOfTheirOwn)
struct DocumentReadTests {
    @Test func aPDFIsAnsweredEveryPageOrAsItsSearchableCopy() async throws {
        let fixture = try ServerFixture()
        let tiffs = try ["Invoice 2024-117", "Total due: 42.00"].enumerated().map { index, text in
            let path = fixture.folder.file("page\(index).tif")
            try TestDocuments.scannedPage(text, to: path)
            return path
        }
        let path = fixture.folder.file("invoice.pdf")
        try TestDocuments.scans(tiffs, jpeg: true, to: path)
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
            _ = try PDFTools.output("pdfimages", ["-all", path, before])
            _ = try PDFTools.output("pdfimages", ["-all", copy, after])
            #expect(FileManager.default.contents(atPath: after + "-000.jpg") == FileManager.default.contents(atPath: before + "-000.jpg"))

            let damaged = try await client.execute(uri: "/v1/read?name=broken.pdf", method: .post,
                                                   body: ByteBuffer(string: "%PDF-1.4\n"))
            #expect(damaged.status == .unprocessableContent, "\(damaged.text)")
            #expect(try apiError(damaged).message.hasPrefix("broken.pdf: damaged PDF"), "\(damaged.text)")
        }
    }
}
