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
            let parameters = try ReadParameters(request.uri.queryParameters, formats: [.json, .text, .hocr, .alto, .markdown, .html, .pdf],
                                                extra: ["name"])
            let name = request.uri.queryParameters["name"].map(String.init) ?? "image"
            let images = try await admission.receiving { [limit = configuration.limits.maximumRequestBytes] in
                try await Upload.images(of: request, limit: limit, name: name)
            }
            guard images.count == 1 else {
                throw APIError(.badRequest, code: .oneImage,
                               message: "a read takes one image, and this request holds \(images.count): send several as a batch")
            }
            let reader = try await readers.reader(engine: parameters.engine, order: parameters.order,
                                                  readsStructure: parameters.format.showsStructure)
            try reader.engine.validate(parameters.options)
            return try await read(.contents(images[0].contents, name: images[0].name), with: reader, parameters: parameters)
        }
    }

    /// Every page of an uploaded image or document, read from memory in one admission as `ocr
    /// read` reads a file (``OCRKitDocuments/DocumentReader``), within the read time limit for
    /// each page; pages that hold text give it as it is, and a searchable copy keeps them.
    private func read(_ document: DocumentSource, with reader: PageReader, parameters: ReadParameters) async throws -> Response {
        var configured = DocumentReader(reader.loading(parameters.loading), options: parameters.options, jobs: 1)
        configured.selection = parameters.selection
        configured.pagesWithText = parameters.pagesWithText
        configured.pageTimeLimit = configuration.limits.maximumReadTime
        let documents = configured
        let batch = await documents.plan([document])
        if let failure = batch.failures.first { throw failure }
        let limit = configuration.limits.maximumReadTime * max(1, batch.pageCount)
        let events = try await finishing("reading \(document.name)", within: limit) { [admission] in
            try await admission.admit {
                var events: [DocumentEvent] = []
                try await documents.read(batch) { event in
                    if case .failed(let failure) = event {
                        // A page given up on at its limit is the read's time running out too,
                        // whichever of the two limits is seen first on a busy machine.
                        if failure.isGivenUp { throw APIError.tookTooLong("reading \(document.name)", limit: limit) }
                        throw failure.error
                    }
                    events.append(event)
                }
                return events
            }
        }
        var output = DocumentOutput(format: parameters.format, to: .memory, decoder: documents.pageReader.decoder,
                                    straightener: reader.straightener, isSinglePage: batch.isSinglePage)
        output.pdf.password = parameters.loading.password
        for event in events { try await output.write(event) }
        try await output.finish()
        return Self.download(output.data, format: parameters.format, name: document.name)
    }

    /// `name` kept to the characters safe in a `Content-Disposition` file name:
    /// letters, digits, `-`, `_`, `.` and spaces.
    static func headerSafe(_ name: String) -> String {
        name.filter { $0.isLetter || $0.isNumber || "-_ .".contains($0) }
    }

    /// `bytes` in `format`, offered for saving as `name` with the format's extension.
    static func download(_ bytes: [UInt8], format: OutputFormat, name: String) -> Response {
        let stem = headerSafe(URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent)
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
                          straightener: straightener, structure: structure)
    }
}
