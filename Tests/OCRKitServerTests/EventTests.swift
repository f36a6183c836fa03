import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitImages
import OCRKitServer
import Testing

/// `GET /v1/events` over a real socket: every client sees every event, and one that comes back
/// with `Last-Event-ID` misses none and sees none twice.
@Suite(.heavy(hangGuard: .seconds(240)))
struct EventTests {
    @Test func clientsFollowABatchAndResumeFromTheirCursor() async throws {
        let fixture = try ServerFixture()
        let upload = form([("one.jpg", try scan("Event one")), ("two.jpg", try scan("Event two")),
                           ("three.txt", ByteBuffer(string: "not an image"))])
        try await fixture.live { client in
            let port = try #require(client.port)
            let created = try await client.execute(uri: "/v1/batches", method: .post,
                                                   headers: [.contentType: upload.contentType], body: upload.body)
            let id = try #require(try json(created)["id"] as? Int)

            // Two clients at once, each until it has seen the three images end.
            async let first = events("http://127.0.0.1:\(port)/v1/events?batch=\(id)", count: 3)
            async let second = events("http://127.0.0.1:\(port)/v1/events", count: 3)
            let (seen, alsoSeen) = try await (first, second)
            #expect(seen.map(\.id) == alsoSeen.map(\.id) && Set(seen.map(\.id)).count == 3)
            #expect(seen.map(\.kind).sorted() == ["completed", "completed", "failed"])
            #expect(seen.allSatisfy { $0.data["batch"] as? Int == id && $0.data["total"] as? Int == 3 })
            let failed = try #require(seen.first { $0.kind == "failed" })
            #expect(failed.data["image"] as? String == "three.txt" && (failed.data["error"] as? String ?? "").contains("not an image"))

            // Back after the first event: the other two, and no more.
            let resumed = try await events("http://127.0.0.1:\(port)/v1/events", count: 2, lastEventID: seen[0].id)
            #expect(resumed.map(\.id) == Array(seen.map(\.id).dropFirst()))
            let bad = try await client.execute(uri: "/v1/events?after=-3", method: .get)
            #expect(bad.status == .badRequest)

            // Each read image by the item its event names: its page, and the image its boxes refer to.
            let read = try #require(seen.first { $0.data["image"] as? String == "two.jpg" }?.data["item"] as? Int)
            let page = try await client.execute(uri: "/v1/items/\(read)?format=text", method: .get)
            #expect(page.text == "Event two\n")
            let image = try await client.execute(uri: "/v1/items/\(read)/image", method: .get)
            #expect(image.headers[.contentType] == "image/jpeg")
            let bitmap = try await ImageLoader().decode(Data(image.body.readableBytesView), image: "two", maximumSide: nil)
            let json = try Page(jsonData: Data(try await client.execute(uri: "/v1/items/\(read)", method: .get).body.readableBytesView))
            #expect(bitmap.width == json.width && bitmap.height == json.height)
            let pdf = try await client.execute(uri: "/v1/items/\(read)?format=pdf", method: .get)
            #expect(pdf.text.hasPrefix("%PDF"))
            let unread = try #require(failed.data["item"] as? Int)
            #expect(try await client.execute(uri: "/v1/items/\(unread)", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/v1/items/\(unread)/image", method: .get).status == .notFound)
        }
    }
}

/// One Server-Sent Event: its `id`, `event` and `data` (a JSON object).
struct ServerSentEvent {
    var id: String
    var kind: String
    var data: [String: Any]
}

/// The first `count` events of the stream at `url`.
func events(_ url: String, count: Int, lastEventID: String? = nil) async throws -> [ServerSentEvent] {
    var request = HTTPClientRequest(url: url)
    if let lastEventID { request.headers.add(name: "Last-Event-ID", value: lastEventID) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(90))
    #expect(response.status == .ok && response.headers.first(name: "content-type") == "text/event-stream")
    var text = "", found: [ServerSentEvent] = []
    for try await chunk in response.body {
        text += String(buffer: chunk)
        while let end = text.range(of: "\n\n") {
            let block = text[..<end.lowerBound]
            text = String(text[end.upperBound...])
            var fields: [String: String] = [:]
            for line in block.split(separator: "\n") where !line.hasPrefix(":") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2 { fields[pair[0]] = pair[1] }
            }
            guard let id = fields["id"], let kind = fields["event"], let data = fields["data"] else { continue }
            let object = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] ?? [:]
            found.append(ServerSentEvent(id: id, kind: kind, data: object))
            if found.count == count { return found }
        }
    }
    Issue.record("the stream ended after \(found.count) of \(count) events")
    return found
}
