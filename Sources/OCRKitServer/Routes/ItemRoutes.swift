import Foundation
import Hummingbird
import OCRKit
import OCRKitDocuments
import OCRKitExport
import OCRKitImages
import OCRKitQueue

extension OCRServer {
    /// One image of a batch, by the item id its events carry: `GET /v1/items/{id}` its page (in
    /// any format `ocr read` writes, JSON by default), `GET /v1/items/{id}/image` the image the
    /// page's boxes refer to (turned upright, scaled and straightened as it was read), as JPEG,
    /// and `GET /v1/items/{id}/tables/{number}` its table `number` (from 1) as CSV.
    func addItemRoutes(to routes: Routes) {
        routes.add(.get, "/v1/items/{id}") { request, context in
            let parameters = try ReadParameters(request.uri.queryParameters, formats: [OutputFormat.json, .text, .hocr, .alto, .markdown, .html, .pdf])
            let result = try await item(context)
            let reader = readers.standard
            let pages = parameters.format == .pdf ? try await processor.store.pagesWithStoredImages([result]) : [result.page]
            let document = try await DocumentOutput.data(of: pages, format: parameters.format, decoder: reader.decoder,
                                                         straightener: reader.straightener)
            return Self.download(document, format: parameters.format, name: result.page.image)
        }
        routes.add(.get, "/v1/items/{id}/image") { _, context in
            let result = try await item(context)
            let page = try await processor.store.pagesWithStoredImages([result])[0]
            let reader = readers.standard
            let bitmap = try await reader.decoder.image(of: page, straightenedBy: reader.straightener)
            return Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=3600"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try ImageWriter.jpegData(bitmap, quality: 80))))
        }
        routes.add(.get, "/v1/items/{id}/tables/{number}") { _, context in
            let page = try await item(context).page
            let text = context.parameters.get("number") ?? ""
            guard let number = Int(text), page.tables.indices.contains(number - 1) else {
                let held = page.tables.isEmpty ? "no tables (its structure is read with ocr serve --structure)"
                    : page.tables.count == 1 ? "one table" : "\(page.tables.count) tables"
                throw APIError(.notFound, code: .notFound, message: "there is no table \(text) in \(page.image): it has \(held)")
            }
            let csv = try page.tables[number - 1].csv()
            let name = Self.headerSafe(TableFiles.name(of: page, table: number))
            return Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(name)\""],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: csv)))
        }
    }

    /// The read item the path's `{id}` names.
    private func item(_ context: BasicRequestContext) async throws -> ItemResult {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int64(text), let result = try await processor.store.result(of: ItemID(rawValue: id)) else {
            throw APIError(.notFound, code: .notFound, message: "there is no read image \(text)")
        }
        return result
    }
}
