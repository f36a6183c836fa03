import Foundation
import Hummingbird

/// Lets through only calls that carry the server's token, `Authorization: Bearer TOKEN`, but for
/// the paths left `open` (health checks); everything passes when there is no token.
struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String?
    let open: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token, !open.contains(request.uri.path) else { return try await next(request, context) }
        let given = request.headers[.authorization].flatMap { value in
            value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces) : nil
        }
        // Compared in constant time, so that timing does not tell how much of a guess was right.
        guard let given, Self.same(Array(given.utf8), Array(token.utf8)) else {
            throw APIError(.unauthorized, code: .unauthorized,
                           message: given == nil ? "this server needs a token: send Authorization: Bearer TOKEN"
                                                 : "the token is not this server's")
        }
        return try await next(request, context)
    }

    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
