import Hummingbird
import Synchronization

/// The server's routes: a path called with a method it does not take is answered 405 with
/// `Allow` (not 404), and tests set the routes beside docs/openapi.yaml, so that neither can
/// grow without the other. ``Routes`` fills it as it adds routes to the router.
final class RouteTable: Sendable {
    /// Each path, as written (`/v1/batches/{id}`), with its methods.
    private let paths = Mutex<[String: Set<HTTPRequest.Method>]>([:])

    /// Every route: its path as written and its methods.
    var routes: [String: Set<HTTPRequest.Method>] {
        paths.withLock { $0 }
    }

    /// The methods the route matching `path` takes; `nil` when no route matches it.
    func methods(matching path: String) -> Set<HTTPRequest.Method>? {
        let segments = path.split(separator: "/")
        return paths.withLock { table in
            table.first { template, _ in
                let parts = template.split(separator: "/")
                return parts.count == segments.count
                    && zip(parts, segments).allSatisfy { part, segment in part.hasPrefix("{") || part == segment }
            }?.value
        }
    }

    fileprivate func record(_ method: HTTPRequest.Method, _ path: String) {
        paths.withLock { _ = $0[path, default: []].insert(method) }
    }
}

/// Adds routes to a router, recording each in a ``RouteTable``.
struct Routes {
    let router: Router<BasicRequestContext>
    let table: RouteTable

    /// Adds `handler` for `method` on `path`, a path from the root with `{name}` for parameters.
    func add(_ method: HTTPRequest.Method, _ path: String,
             use handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> some ResponseGenerator) {
        router.on(RouterPath(path), method: method, use: handler)
        table.record(method, path)
    }
}
