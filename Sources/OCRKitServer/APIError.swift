import Foundation
import Hummingbird
import OCRKit

/// What the server answers when it cannot do what was asked: a status, and a JSON body that
/// names the cause, e.g. `{"error":{"code":"too-large","message":"scan.png: ..."}}`.
///
/// Every failure leaves the server this way, its own and Hummingbird's alike
/// (``ErrorMiddleware``), so that a client parses one shape.
public struct APIError: HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    /// A word a program can compare: an ``OCRKit/OCRError/Code`` raw value, or one of the
    /// server's own (`unauthorized`, `not-found`, `busy`, `timeout`, ...).
    public var code: String
    /// A sentence for people, naming the file and the cause where there is one.
    public var message: String
    /// Seconds after which a call turned away for being busy may try again.
    public var retryAfter: Int?

    public init(_ status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The answer to a read that failed: the client's image or options (4xx) or the server (5xx).
    public init(_ error: OCRError) {
        let status: HTTPResponse.Status = switch error.code {
        case .tooLarge: .contentTooLarge
        case .unsupportedFormat: .unsupportedMediaType
        case .corrupt, .degenerateImage, .notReadable: .unprocessableContent
        case .invalidOption: .badRequest
        case .fileNotFound: .notFound
        case .engineUnavailable, .storeFailure, .outOfMemory, .interrupted: .serviceUnavailable
        case .engineFailure: .internalServerError
        }
        self.init(status, code: error.code.rawValue, message: error.description)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = try JSONEncoder().encode(["error": ["code": code, "message": message]])
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Turns whatever a handler or Hummingbird throws into an ``APIError``: an unknown route, a body
/// too large, an ``OCRKit/OCRError``, and anything unforeseen, which is logged and answered 500.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as OCRError {
            throw APIError(error)
        } catch let error as HTTPResponseError {
            let reason = (error as? HTTPError)?.body ?? error.status.reasonPhrase
            throw APIError(error.status, code: Self.code(for: error.status), message: reason)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            throw APIError(.internalServerError, code: "internal", message: "the server failed: \(error)")
        }
    }

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not-found"
        case .methodNotAllowed: "method-not-allowed"
        case .contentTooLarge: "too-large"
        case .unauthorized: "unauthorized"
        default: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "-")
        }
    }
}
