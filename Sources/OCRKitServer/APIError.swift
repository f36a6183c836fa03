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
    /// A word a program can compare (``Code``).
    public var code: Code
    /// A sentence for people, naming the file and the cause where there is one.
    public var message: String
    /// Headers the answer carries beside its body: `Retry-After` for a call turned away for
    /// being busy, `Allow` for a method a path does not take.
    public var headers: HTTPFields

    /// - Parameter retryAfter: seconds after which a call turned away may try again.
    public init(_ status: HTTPResponse.Status, code: Code, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        headers = [:]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
    }

    /// The answer to a read that failed: the client's image or options (4xx) or the server (5xx).
    public init(_ error: OCRError) {
        let status: HTTPResponse.Status = switch error.code {
        case .tooLarge: .contentTooLarge
        case .unsupportedFormat: .unsupportedMediaType
        case .corrupt, .degenerateImage, .notReadable: .unprocessableContent
        // An engine this server lacks (no NDLOCR-Lite models, say) is no passing outage: asking again will not help.
        case .engineUnavailable: .unprocessableContent
        case .invalidOption: .badRequest
        case .fileNotFound: .notFound
        case .storeFailure, .outOfMemory, .interrupted: .serviceUnavailable
        // The server's own disk refused what it wrote: nothing the client sent.
        case .engineFailure, .notWritable: .internalServerError
        }
        self.init(status, code: Code(error.code), message: error.description)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        let body = try JSONEncoder().encode(["error": ["code": code.rawValue, "message": message]])
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Turns whatever a handler or Hummingbird throws into an ``APIError``: an unknown path (404),
/// a method the path does not take (405, with `Allow`), a body too large, an
/// ``OCRKit/OCRError``, and anything unforeseen, which is logged and answered 500.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let methods = routes.methods(matching: request.uri.path) else {
                throw APIError(.notFound, code: .notFound, message: "there is nothing at \(request.uri.path)")
            }
            var refusal = APIError(.methodNotAllowed, code: .methodNotAllowed,
                                   message: "\(request.uri.path) takes \(methods.map(\.rawValue).sorted().joined(separator: ", ")), not \(request.method)")
            refusal.headers[.allow] = methods.map(\.rawValue).sorted().joined(separator: ", ")
            throw refusal
        } catch let error as APIError {
            throw error
        } catch let error as OCRError {
            throw APIError(error)
        } catch let error as HTTPResponseError {
            let reason = (error as? HTTPError)?.body ?? error.status.reasonPhrase
            throw APIError(error.status, code: Self.code(for: error.status), message: reason)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            throw APIError(.internalServerError, code: .internal, message: "the server failed: \(error)")
        }
    }

    private static func code(for status: HTTPResponse.Status) -> APIError.Code {
        switch status {
        case .notFound: .notFound
        case .contentTooLarge: APIError.Code(.tooLarge)
        case .unauthorized: .unauthorized
        default: APIError.Code(rawValue: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "-"))
        }
    }
}
