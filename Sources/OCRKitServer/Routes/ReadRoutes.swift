import Foundation
import Hummingbird
import OCRKit
import OCRKitDocuments
import OCRKitExport
import OCRKitQueue
import OCRKitPDF

extension OCRServer {
    /// `POST /v1/read`: the image or document (PDF, multi-page TIFF) as the body (or the one file
    /// of a form), options in the query (``ReadParameters``), its pages in the asked format, JSON
    /// by default; a PDF's `format=pdf` is its searchable copy.
    func addReadRoutes(to routes: Routes) {
        routes.add(.post, "/v1/read") { request, _ in
            let parameters = try ReadParameters(request.uri.queryParameters, formats: [.json, .text, .hocr, .alto, .pdf],
                                                extra: ["name"])
            let name = request.uri.queryParameters["name"].map(String.init) ?? "image"
            let images = try await admission.receiving { [limit = configuration.limits.maximumRequestBytes] in
                try await Upload.images(of: request, limit: limit, name: name)
            }
            guard images.count == 1 else {
                throw APIError(.badRequest, code: "one-image",
                               message: "a read takes one image, and this request holds \(images.count): send several as a batch")
            }
            let image = images[0], options = parameters.options
            let reader = try await readers.reader(engine: parameters.engine, order: parameters.order)
            try reader.engine.validate(options)
            if let document = try await DocumentUpload(image, decoder: reader.decoder) {
                do {
                    return try await read(document, with: reader, parameters: parameters)
                } catch var error as OCRError where error.path == document.path {
                    error.path = document.name   // the client's name for it, not the server's file
                    throw error
                }
            }
            let page = try await finishing("reading \(image.name)", within: configuration.limits.maximumReadTime) { [admission] in
                try await admission.admit { try await reader.read(image.contents, image: image.name, options: options) }
            }
            let document = try await DocumentOutput.data(of: [page], format: parameters.format, decoder: reader.decoder,
                                                         straightener: reader.straightener)
            return Self.download(document, format: parameters.format, name: image.name)
        }
    }

    /// Every page of an uploaded document, read in one admission as `ocr read` reads it
    /// (``OCRKitDocuments/DocumentReader``), within the read time limit for each page; pages that
    /// hold text give it as it is, and a searchable copy keeps them.
    private func read(_ document: DocumentUpload, with reader: PageReader, parameters: ReadParameters) async throws -> Response {
        var configured = DocumentReader(reader.loading(parameters.loading), options: parameters.options, jobs: 1)
        configured.selection = parameters.selection
        configured.pagesWithText = parameters.pagesWithText
        configured.pageTimeLimit = configuration.limits.maximumReadTime
        let documents = configured
        let batch = await documents.plan([document.path])
        if let failure = batch.failures.first { throw failure }
        let limit = configuration.limits.maximumReadTime * max(1, batch.pageCount)
        let events = try await finishing("reading \(document.name)", within: limit) { [admission] in
            try await admission.admit {
                var events: [DocumentEvent] = []
                try await documents.read(batch) { event in
                    if case .failed(let failure) = event { throw failure.error }
                    events.append(event)
                }
                return events
            }
        }
        var output = DocumentOutput(format: parameters.format, to: .memory, decoder: documents.pageReader.decoder,
                                    straightener: reader.straightener, isSinglePage: batch.isSinglePage)
        output.pdf.password = parameters.loading.password
        for event in events { try await output.write(event.naming(document.name)) }
        try await output.finish()
        return Self.download(output.data, format: parameters.format, name: document.name)
    }

    /// `bytes` in `format`, offered for saving as `name` with the format's extension.
    static func download(_ bytes: [UInt8], format: OutputFormat, name: String) -> Response {
        let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
            .filter { $0.isLetter || $0.isNumber || "-_ .".contains($0) }
        var headers: HTTPFields = [.contentType: format.contentType]
        if format == .pdf { headers[.contentDisposition] = "inline; filename=\"\(stem.isEmpty ? "page" : stem).pdf\"" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension PageReader {
    /// This reader, its documents loaded as `options` say (a resolution, a password) when its
    /// decoder is a ``OCRKitPDF/DocumentLoader``.
    func loading(_ options: DocumentLoadingOptions) -> PageReader {
        guard let loader = decoder as? DocumentLoader, loader.options != options else { return self }
        return PageReader(decoder: DocumentLoader(images: loader.images, options: options), engine: engine, arranger: arranger,
                          straightener: straightener)
    }
}

private extension DocumentEvent {
    /// The event with its page named `name`, the client's name for the upload; the page's source
    /// stays the server's file.
    func naming(_ name: String) -> DocumentEvent {
        func named(_ page: Page) -> Page {
            var page = page
            page.image = name
            return page
        }
        return switch self {
        case .read(let page): .read(named(page))
        case .kept(let page): .kept(named(page))
        case .failed, .ended: self
        }
    }
}
