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

    /// Every page of an uploaded document, read in one admission, within the read time limit
    /// for each page; pages that hold text are kept as they are.
    private func read(_ document: DocumentUpload, with reader: PageReader, parameters: ReadParameters) async throws -> Response {
        let reader = reader.loading(parameters.loading)
        let plan = try await reader.plan(document.path, selection: parameters.selection, pagesWithText: parameters.pagesWithText)
        let limit = configuration.limits.maximumReadTime * max(1, plan.read.count)
        let pages = try await finishing("reading \(document.name)", within: limit) { [admission, options = parameters.options] in
            try await admission.admit {
                var pages: [Page] = []
                for try await page in reader.pages(of: document.path, selection: parameters.selection,
                                                   pagesWithText: parameters.pagesWithText, options: options, jobs: 1) {
                    pages.append(page)
                }
                return pages
            }
        }
        // The client's name for the pages; their source stays the uploaded file.
        let named = pages.map { page in
            var page = page
            page.image = document.name
            return page
        }
        var output = DocumentOutput(format: parameters.format, to: .memory, decoder: reader.decoder, straightener: reader.straightener,
                                    isSinglePage: pages.count == 1)
        output.pdf.password = parameters.loading.password
        for page in named { try await output.write(.read(page)) }
        try await output.write(.ended(plan))
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
