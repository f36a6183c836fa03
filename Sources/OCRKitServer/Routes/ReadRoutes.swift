import Foundation
import Hummingbird
import OCRKit

extension OCRServer {
    /// `POST /v1/read`: the image as the body (or the one file of a form), options in the query
    /// (``ReadParameters``), the page in the asked format, JSON by default.
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
            let page = try await finishing("reading \(image.name)", within: configuration.limits.maximumReadTime) { [admission] in
                try await admission.admit { try await reader.read(image.contents, name: image.name, options: options) }
            }
            let document = try await parameters.format.document(
                of: [page], images: InMemoryImages(contents: [image.name: image.contents], files: reader.decoder),
                straightener: reader.straightener)
            return Self.download(document, format: parameters.format, name: image.name)
        }
    }

    /// `bytes` in `format`, offered for saving as `name` with the format's extension.
    static func download(_ bytes: [UInt8], format: ResultFormat, name: String) -> Response {
        let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
            .filter { $0.isLetter || $0.isNumber || "-_ .".contains($0) }
        var headers: HTTPFields = [.contentType: format.contentType]
        if format == .pdf { headers[.contentDisposition] = "inline; filename=\"\(stem.isEmpty ? "page" : stem).pdf\"" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
