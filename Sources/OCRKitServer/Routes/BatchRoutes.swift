import Foundation
import Hummingbird
import OCRKit
import OCRKitDocuments
import OCRKitExport
import OCRKitQueue

extension OCRServer {
    /// Batches through the persistent queue: `POST /v1/batches` (images in a multipart form, or
    /// `{"paths": [...]}` under the server's `--root`), `GET /v1/batches`, `GET /v1/batches/{id}`,
    /// its `results` and `failures`, `POST .../cancel` and `.../retry`.
    func addBatchRoutes(to routes: Routes) {
        routes.add(.post, "/v1/batches") { request, _ in
            try await createBatch(request)
        }
        routes.add(.get, "/v1/batches") { _, _ in
            try Self.json(try await processor.store.batches().map(BatchMessage.init))
        }
        routes.add(.get, "/v1/batches/{id}") { _, context in
            try Self.json(BatchMessage(try await summary(context)))
        }
        routes.add(.get, "/v1/batches/{id}/results") { request, context in
            let batch = try await summary(context).id
            let parameters = try ReadParameters(request.uri.queryParameters, formats: [OutputFormat.jsonl, .json, .text, .hocr, .alto, .markdown, .html, .pdf])
            let results = try await processor.store.results(batch: batch, unconsumedOnly: false)
            let reader = readers.standard
            // Only a PDF embeds the images again: other formats need none of them.
            let pages = parameters.format == .pdf ? try await processor.store.pagesWithStoredImages(results) : results.map(\.page)
            let document = try await DocumentOutput.data(of: pages, format: parameters.format, decoder: reader.decoder,
                                                         straightener: reader.straightener)
            return Self.download(document, format: parameters.format, name: "batch-\(batch)")
        }
        routes.add(.get, "/v1/batches/{id}/failures") { _, context in
            try Self.json(try await processor.store.failures(batch: try await summary(context).id).map(FailureMessage.init))
        }
        routes.add(.post, "/v1/batches/{id}/cancel") { _, context in
            try Self.json(["cancelled": try await processor.cancel(batch: try await summary(context).id)])
        }
        routes.add(.post, "/v1/batches/{id}/retry") { _, context in
            try Self.json(["retried": try await processor.retryFailed(batch: try await summary(context).id)])
        }
    }

    private func createBatch(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let parameters = try ReadParameters(query, formats: [OutputFormat.json], extra: ["name"])
        if parameters.engine != nil || parameters.order != nil {
            throw APIError(OCRError(.invalidOption,
                                    reason: "batches are read by the server's engine and order: start ocr serve with --engine and --order"))
        }
        if let name = ["pages", "dpi", "redo", "force", "password"].first(where: { query[Substring($0)] != nil }) {
            throw APIError(OCRError(.invalidOption,
                                    reason: "\(name) is for a read: batches read their documents' pages that hold no text, as the server loads them"))
        }
        let name = query["name"].map(String.init)
        let limit = configuration.limits.maximumBatchImages
        let batch: BatchID
        if request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true {
            guard let root = configuration.root.map(ServerRoot.init) else {
                throw APIError(.forbidden, code: .noRoot,
                               message: "this server reads no paths of its own: upload the images, or start ocr serve with --root")
            }
            let body = try await Upload.body(of: request, limit: configuration.limits.maximumRequestBytes)
            let listing: PathListing
            do { listing = try JSONDecoder().decode(PathListing.self, from: Data(body.readableBytesView)) } catch {
                throw APIError(.badRequest, code: .badJSON, message: "the body must be {\"paths\": [\"folder/\", \"scan.png\"]}: \(error)")
            }
            let files = try root.images(listing.paths)
            try Self.check(files.count, limit: limit)
            batch = try await processor.enqueue(files, name: name, options: parameters.options)
        } else {
            let images = try await Upload.images(of: request, limit: configuration.limits.maximumRequestBytes, name: "image")
            try Self.check(images.count, limit: limit)
            batch = try await processor.enqueue(contentsOf: try await pages(of: images), name: name, options: parameters.options)
        }
        let summary = try await processor.store.batches().first { $0.id == batch }
        return try Self.json(summary.map(BatchMessage.init), status: .created)
    }

    /// The uploads as the queue stores them: an image as it is, a document cut into its pages
    /// that hold no text yet, each a document of its own.
    private func pages(of uploads: [UploadedImage]) async throws -> [(page: QueuedPage, contents: Data)] {
        var pages: [(page: QueuedPage, contents: Data)] = []
        let reader = readers.standard
        for upload in uploads {
            let plan = try await reader.plan(.contents(upload.contents, name: upload.name))
            guard plan.isDocument else {
                pages.append((QueuedPage(image: upload.name), upload.contents))
                continue
            }
            for number in plan.read {
                let contents = try await offThePool { [reader] in try reader.decoder.contents(of: plan.source(ofPage: number)) }
                pages.append((QueuedPage(image: upload.name, pageNumber: number), contents))
            }
        }
        return pages
    }

    private static func check(_ count: Int, limit: Int) throws {
        if count > limit {
            throw APIError(OCRError(.tooLarge,
                                    reason: "the batch holds \(count) images, more than the server's limit of \(limit)"))
        }
    }

    /// The batch the path's `{id}` names.
    private func summary(_ context: BasicRequestContext) async throws -> BatchSummary {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int64(text), let summary = try await processor.store.batches().first(where: { $0.id.rawValue == id }) else {
            throw APIError(.notFound, code: .notFound, message: "there is no batch \(text)")
        }
        return summary
    }
}

/// The body of `POST /v1/batches` naming images on the server's disk.
private struct PathListing: Decodable {
    var paths: [String]
}
