import Foundation
import Hummingbird
import OCRKitQueue
import Prometheus

/// What the server has done, in Prometheus' text format (`GET /metrics`): requests by route,
/// method and status, their durations, reads turned away, and, as of the scrape, reads running
/// and waiting and the queue's items by state. A registry of the server's own, so that servers
/// in one process (tests, an app serving twice) count apart.
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()

    /// Counts a request, by the route it matched (`/v1/batches/{id}`, not each batch; Hummingbird
    /// calls no match `NotFound`), so that the series stay few whatever paths clients try.
    func record(method: HTTPRequest.Method, route: String?, status: HTTPResponse.Status, duration: Duration) {
        let route = route ?? "unmatched"
        registry.makeCounter(descriptor: Self.requests, labels: [("method", method.rawValue), ("route", route),
                                                                 ("status", String(status.code))]).increment()
        registry.makeDurationHistogram(descriptor: Self.durations, labels: [("route", route)], buckets: Self.buckets)
            .record(duration)
    }

    /// The text a scrape gets, with the gauges set to `reads` and the queue's `progress` now.
    func exposition(reads: (running: Int, waiting: Int), progress: BatchProgress?) -> [UInt8] {
        registry.makeGauge(descriptor: Self.reads, labels: [("state", "running")]).set(Double(reads.running))
        registry.makeGauge(descriptor: Self.reads, labels: [("state", "waiting")]).set(Double(reads.waiting))
        if let progress {
            for (state, count) in [("pending", progress.pending), ("completed", progress.completed), ("failed", progress.failed),
                                   ("cancelled", progress.cancelled)] {
                registry.makeGauge(descriptor: Self.queue, labels: [("state", state)]).set(Double(count))
            }
        }
        return registry.emitToBuffer()
    }

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "ocrkit", metricName: "http_requests", unitName: "total",
                             helpText: "Requests answered, by method, route and status.")
    }

    private static var durations: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "ocrkit", metricName: "http_request_duration", unitName: "seconds",
                             helpText: "How long requests took to answer, by route.")
    }

    private static var reads: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "ocrkit", metricName: "reads", unitName: "",
                             helpText: "Reads of POST /v1/read running and waiting for a worker.")
    }

    private static var queue: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "ocrkit", metricName: "queue_items", unitName: "",
                             helpText: "The queue's items by state, every batch together.")
    }

    private static let buckets: [Duration] = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120].map { .milliseconds(Int($0 * 1000)) }
}

/// Records every request in ``ServerMetrics``, answered or thrown.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            metrics.record(method: request.method, route: context.endpointPath, status: response.status,
                           duration: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.record(method: request.method, route: context.endpointPath, status: status, duration: ContinuousClock.now - start)
            throw error
        }
    }
}
