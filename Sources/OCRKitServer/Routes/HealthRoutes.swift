import Foundation
import Hummingbird

extension OCRServer {
    /// `GET /health`: the process answers. `GET /ready`: it can take work: its queue's store
    /// answers, and reads are not turned away (503 otherwise, with what is wrong). `GET /metrics`:
    /// ``ServerMetrics`` for Prometheus.
    func addHealthRoutes(to routes: Routes) {
        routes.add(.get, "/health") { _, _ in
            try Self.json(["status": "ok"])
        }
        routes.add(.get, "/ready") { _, _ in
            let load = await admission.load
            var problems: [String] = []
            do { _ = try await processor.progress(for: nil) } catch { problems.append("the queue's store does not answer: \(error)") }
            if load.waiting >= admission.waitingLimit { problems.append("every worker is reading and the waiting line is full") }
            let readiness = Readiness(ready: problems.isEmpty, problems: problems, workers: admission.workers,
                                      reading: load.running, waiting: load.waiting)
            return try Self.json(readiness, status: problems.isEmpty ? .ok : .serviceUnavailable)
        }
        routes.add(.get, "/metrics") { _, _ in
            let exposition = metrics.exposition(reads: await admission.load, progress: try? await processor.progress(for: nil))
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: exposition)))
        }
    }

    /// `value` as a JSON answer.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder.api.encode(value))))
    }
}

/// `GET /ready`'s answer: whether the server can take work, and if not, why.
private struct Readiness: Encodable {
    var ready: Bool
    var problems: [String]
    var workers: Int
    /// Reads running now, and waiting for a worker.
    var reading: Int
    var waiting: Int
}
