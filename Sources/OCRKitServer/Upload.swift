import Foundation
import Hummingbird
import OCRKit

/// The images a request carries: its body, or the files of a `multipart/form-data` form.
enum Upload {
    /// The request's images, its body read up to `limit` bytes.
    ///
    /// - Parameter name: the name of an image sent as the whole body.
    /// - Throws: an ``APIError``: 413 for a body over `limit`, 400 for an empty body, a form
    ///   without files or a malformed one.
    static func images(of request: Request, limit: Int, name: String) async throws -> [UploadedImage] {
        let body = try await body(of: request, limit: limit)
        let contentType = request.headers[.contentType] ?? ""
        let images: [UploadedImage]
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            images = try formFiles(body, contentType: contentType)
        } else {
            images = body.readableBytes == 0 ? [] : [UploadedImage(name: name, contents: Data(body.readableBytesView))]
        }
        guard !images.isEmpty else {
            throw APIError(.badRequest, code: .noImage,
                           message: "the request holds no image: send one as the body, or files in a multipart/form-data form")
        }
        return images
    }

    /// The request's body, read up to `limit` bytes.
    ///
    /// - Throws: an ``APIError`` 413 naming the limit when the body is larger.
    static func body(of request: Request, limit: Int) async throws -> ByteBuffer {
        var request = request
        do {
            return try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError(OCRError(.tooLarge,
                                    reason: "the request is larger than the server's limit of \(limit) bytes"))
        }
    }

    /// The files of a form, in order, named by their file names (made unique: `a.png`, `a (2).png`).
    private static func formFiles(_ body: ByteBuffer, contentType: String) throws -> [UploadedImage] {
        guard let boundary = parameter("boundary", in: contentType) else {
            throw APIError(.badRequest, code: .badForm, message: "a multipart/form-data request needs a boundary in its Content-Type")
        }
        let form: FormData
        do {
            form = try FormData(Data(body.readableBytesView), boundary: boundary)
        } catch {
            throw APIError(.badRequest, code: .badForm, message: "the multipart/form-data body cannot be parsed: \(error)")
        }
        // Fields that are not files (no file name) are not images.
        let files = form.parts.compactMap { part in
            part.headers["content-disposition"].flatMap { parameter("filename", in: $0) }
                .flatMap { part.contents.isEmpty ? nil : UploadedImage(name: $0, contents: part.contents) }
        }
        return unique(files)
    }

    private static func unique(_ files: [UploadedImage]) -> [UploadedImage] {
        var seen: Set<String> = []
        return files.map { file in
            var file = file
            // A name is a label, never a path: a client's folders are no concern of the server.
            let base = file.name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? "image"
            file.name = base
            var copy = 1
            while !seen.insert(file.name).inserted {
                copy += 1
                let url = URL(fileURLWithPath: base)
                let stem = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
                file.name = "\(stem) (\(copy))" + (ext.isEmpty ? "" : ".\(ext)")
            }
            return file
        }
    }

    /// A parameter of a header value: `boundary` of `multipart/form-data; boundary=xyz`.
    private static func parameter(_ name: String, in value: String) -> String? {
        for part in value.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            return pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                ? String(pair[1].dropFirst().dropLast()) : pair[1]
        }
        return nil
    }
}
