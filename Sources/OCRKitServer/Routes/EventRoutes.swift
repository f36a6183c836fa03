import Foundation
import HTTPTypes
import Hummingbird
import OCRKit
import OCRKitQueue
import ServiceLifecycle

extension OCRServer {
    /// `GET /v1/events`: the queue's events as Server-Sent Events, for any number of clients at
    /// once. Each event's `id` is its cursor: a client that reconnects with `Last-Event-ID` (or
    /// `?after=CURSOR`) misses none and sees none twice. `?batch=ID` keeps one batch's events.
    /// A comment every 15 s keeps proxies from closing a quiet stream; the stream ends when the
    /// server drains.
    func addEventRoutes(to routes: Routes) {
        routes.add(.get, "/v1/events") { request, _ in
            let query = request.uri.queryParameters
            for (name, _) in query where name != "batch" && name != "after" {
                throw APIError(OCRError(.invalidOption, reason: "unknown parameter '\(name)'; events take batch and after"))
            }
            let after = try Self.number(request.headers[.lastEventID] ?? query["after"].map(String.init), "the cursor") ?? 0
            let batch = try Self.number(query["batch"].map(String.init), "the batch").map(BatchID.init(rawValue:))
            let events = processor.events(after: EventCursor(rawValue: after))
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
                    let (messages, feed) = AsyncStream<String>.makeStream()
                    let relay = Task {
                        for await event in events where batch == nil || event.batch == batch {
                            let message = EventMessage(event)
                            guard let json = try? JSONEncoder.api.encode(message) else { continue }
                            feed.yield("id: \(message.cursor)\nevent: \(message.kind)\ndata: \(String(decoding: json, as: UTF8.self))\n\n")
                        }
                        feed.finish()
                    }
                    let heartbeat = Task {
                        while (try? await Task.sleep(for: .seconds(15))) != nil { feed.yield(": still here\n\n") }
                    }
                    defer {
                        relay.cancel()
                        heartbeat.cancel()
                    }
                    try await withGracefulShutdownHandler {
                        for await message in messages { try await writer.write(ByteBuffer(string: message)) }
                    } onGracefulShutdown: {
                        feed.finish()
                    }
                    try await writer.finish(nil)
                }
            )
        }
    }

    private static func number(_ text: String?, _ what: String) throws -> Int64? {
        guard let text else { return nil }
        guard let value = Int64(text), value >= 0 else {
            throw APIError(OCRError(.invalidOption, reason: "\(what) must be a whole number, not '\(text)'"))
        }
        return value
    }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
