import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitServer
import Testing

/// Who may call, and what the server says of itself.
@Suite(.heavy(hangGuard: .seconds(180)))
struct AccessTests {
    @Test func aServerBeyondLoopbackNeedsAToken() throws {
        #expect(throws: OCRError.self) { try ServerConfiguration(host: "0.0.0.0").validate() }
        #expect(throws: OCRError.self) { try ServerConfiguration(host: "192.168.1.20", token: "").validate() }
        try ServerConfiguration(host: "0.0.0.0", token: "s3cret").validate()
        try ServerConfiguration(host: "127.0.0.1").validate()
        try ServerConfiguration(host: "::1").validate()
        #expect(throws: OCRError.self) { try ServerConfiguration(root: "/no/such/folder").validate() }
        do {
            try ServerConfiguration(host: "0.0.0.0").validate()
        } catch let error as OCRError {
            #expect(error.reason.contains("--token"))
        }
    }

    @Test func everyCallButHealthChecksCarriesTheToken() async throws {
        let fixture = try ServerFixture(configuration: ServerConfiguration(port: 0, token: "s3cret"))
        let image = try scan("Token please")
        try await fixture.test { client in
            let none = try await client.execute(uri: "/v1/read", method: .post, body: image)
            #expect(none.status == .unauthorized)
            #expect(try apiError(none).message.contains("Authorization: Bearer"))
            let wrong = try await client.execute(uri: "/v1/read", method: .post, headers: [.authorization: "Bearer s3cre7"], body: image)
            #expect(wrong.status == .unauthorized)
            let batches = try await client.execute(uri: "/v1/batches", method: .get, headers: [.authorization: "Basic s3cret"])
            #expect(batches.status == .unauthorized)
            let right = try await client.execute(uri: "/v1/read?format=text", method: .post,
                                                 headers: [.authorization: "Bearer s3cret"], body: image)
            #expect(right.status == .ok && right.text == "Token please\n")
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/ready", method: .get).status == .ok)
        }
    }

    @Test func healthReadinessAndUnknownPaths() async throws {
        try await ServerFixture(workers: 2).test { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.text == "{\"status\":\"ok\"}")
            let ready = try json(try await client.execute(uri: "/ready", method: .get))
            #expect(ready["ready"] as? Bool == true && ready["workers"] as? Int == 2 && ready["waiting"] as? Int == 0)
            let unknown = try await client.execute(uri: "/v2/everything", method: .get)
            #expect(unknown.status == .notFound && unknown.headers[.contentType] == "application/json")
            let wrongMethod = try await client.execute(uri: "/v1/read", method: .get)
            #expect(wrongMethod.status.code >= 400 && wrongMethod.status.code < 500)
            #expect(try !apiError(wrongMethod).code.isEmpty)
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        let image = try scan("Counted")
        try await ServerFixture().test { client in
            _ = try await client.execute(uri: "/v1/read", method: .post, body: image)
            _ = try await client.execute(uri: "/v1/read", method: .post, body: ByteBuffer(string: "no image"))
            _ = try await client.execute(uri: "/v1/batches/7", method: .get)
            _ = try await client.execute(uri: "/v1/batches/8", method: .get)
            _ = try await client.execute(uri: "/nowhere/\(UUID())", method: .get)
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let lines = Set(metrics.text.split(separator: "\n").map(String.init))
            for expected in [#"ocrkit_http_requests_total{method="POST",route="/v1/read",status="200"} 1"#,
                             #"ocrkit_http_requests_total{method="POST",route="/v1/read",status="415"} 1"#,
                             #"ocrkit_http_requests_total{method="GET",route="/v1/batches/{id}",status="404"} 2"#,
                             #"ocrkit_http_requests_total{method="GET",route="NotFound",status="404"} 1"#,
                             #"ocrkit_reads{state="running"} 0.0"#, #"ocrkit_queue_items{state="pending"} 0.0"#] {
                #expect(lines.contains(expected), "\(expected) not in\n\(metrics.text)")
            }
            #expect(metrics.text.contains(#"ocrkit_http_request_duration_seconds_bucket{route="/v1/read",le="+Inf"} 2"#))
        }
    }
}
