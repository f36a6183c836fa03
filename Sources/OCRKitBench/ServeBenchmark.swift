import AsyncHTTPClient
import Foundation
import NIOCore
import OCRKit
import OCRKitProcesses

/// `ocr serve` under load, beside `ocr read` on the same images and engine: how many reads a
/// second the service answers to clients keeping its workers busy (and that share of what
/// `ocr read` does alone), their latency, and, with ten times more clients than it can hold at
/// once, that it turns the excess away with 503 and `Retry-After`, answers every call it takes,
/// and stays within bounded memory. Each client sends an image as `POST /v1/read` and, turned
/// away, asks again when `Retry-After` says.
///
/// ```swift
/// var benchmark = ServeBenchmark(images: receipts, ocr: ocrExecutable, jobs: 2, capacity: 10)
/// benchmark.recognition = ["--engine", "tesseract"]
/// try await benchmark.run { print($0) }
/// ```
public struct ServeBenchmark: Sendable {
    public var images: [String]
    /// The `ocr` executable, run as `ocr read` and as `ocr serve`.
    public var ocr: String
    /// Images read at once, by `ocr read` and by the service.
    public var jobs: Int
    /// Calls the service holds at once, reading and waiting (`ocr serve`'s workers and waiting line).
    public var capacity: Int
    /// `ocr read`'s and `ocr serve`'s engine options, the same for both.
    public var recognition: [String] = []
    /// Clients while the service is overloaded, as a multiple of `capacity`.
    public var overload = 10

    public init(images: [String], ocr: String, jobs: Int, capacity: Int) {
        self.images = images
        self.ocr = ocr
        self.jobs = jobs
        self.capacity = capacity
    }

    public func run(report: (String) -> Void) async throws {
        guard !images.isEmpty else { throw OCRError(.invalidOption, reason: "the serve benchmark needs images") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bodies = try images.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw OCRError(.fileNotFound, path: path, reason: "no such file, or not readable")
            }
            return ByteBuffer(bytes: data)
        }

        let alone = try await ChildProcess.run(ocr, ["read", "--jobs", String(jobs), "--format", "json"] + recognition + images,
                                               errors: folder.appendingPathComponent("read.log").path)
        guard alone.status == 0 else {
            throw OCRError(.engineFailure, path: ocr, reason: "ocr read failed (status \(alone.status)) on the benchmark's images")
        }
        let readRate = Double(images.count) / alone.seconds
        report(String(format: "ocr read --jobs %d, %d images: %.1f s, %.2f images/s, peak memory %.0f MB",
                      jobs, images.count, alone.seconds, readRate, Double(alone.peakBytes) / 1e6))

        let server = try await ServedProcess(
            ocr: ocr, arguments: ["--jobs", String(jobs), "--db", folder.appendingPathComponent("queue.sqlite").path] + recognition,
            log: folder.appendingPathComponent("serve.log").path)
        do {
            let url = "http://127.0.0.1:\(server.port)/v1/read?format=json"
            // A warm service: the first read of each worker sets up its engine, which `ocr read`
            // pays once for all its images and a service once for its life.
            _ = try await drive(clients: jobs, bodies: Array(bodies.prefix(jobs)), url: url)

            let busy = 2 * jobs
            let load = try await drive(clients: busy, bodies: bodies, url: url)
            let rate = Double(load.reads) / load.seconds
            report(String(format: "ocr serve --jobs %d, %d clients: %d reads in %.1f s, %.2f reads/s = %.2fx ocr read; "
                          + "latency p50 %.2f s, p99 %.2f s; %@", jobs, busy, load.reads, load.seconds, rate, rate / readRate,
                          load.p50.timeInterval, load.p99.timeInterval, load.problems))
            let calmPeak = server.peakBytes

            let crowd = overload * capacity
            let crowded = try await drive(clients: crowd, bodies: bodies, url: url)
            report(String(format: "ocr serve, %d clients (%dx the %d calls it holds): %d reads in %.1f s, %d calls turned away "
                          + "with 503 and Retry-After; latency p50 %.2f s, p99 %.2f s; %@; peak memory %.0f MB (%.0f MB before the crowd)",
                          crowd, overload, capacity, crowded.reads, crowded.seconds, crowded.turnedAway,
                          crowded.p50.timeInterval, crowded.p99.timeInterval, crowded.problems, Double(server.peakBytes) / 1e6,
                          Double(calmPeak) / 1e6))
        } catch {
            _ = await server.stop()
            throw error
        }
        let stopped = await server.stop()
        report(String(format: "ocr serve stopped by SIGTERM: exit status %d after %.1f s", stopped.status, stopped.seconds))
    }

    /// What one round of calls came to.
    private struct Load {
        var reads: Int
        var seconds: Double
        var p50: Duration
        var p99: Duration
        var turnedAway: Int
        /// Answers other than 200 and 503, and calls not answered, said in words: "no errors" when none.
        var problems: String
    }

    /// `clients` clients calling at once, the bodies in turn, until as many reads as bodies have
    /// been answered.
    private func drive(clients: Int, bodies: [ByteBuffer], url: String) async throws -> Load {
        let tally = CallTally(images: bodies.count, wanted: bodies.count)
        // A connection a client: the shared client's pool holds 8 to a host, which would keep the
        // crowd at 8 calls in flight.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = clients
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let start = ContinuousClock.now
        await withTaskGroup { group in
            for _ in 0..<clients {
                group.addTask { await self.client(http, tally: tally, bodies: bodies, url: url) }
            }
        }
        let seconds = (ContinuousClock.now - start).timeInterval
        try await http.shutdown()
        let others = await tally.otherAnswers, unanswered = await tally.unanswered
        var problems = others.sorted { $0.key < $1.key }.map { "\($0.value) answered \($0.key)" }
            + unanswered.map { "\($0.value) unanswered: \($0.key)" }
        if problems.isEmpty { problems = ["no errors"] }
        return Load(reads: await tally.latencies.count, seconds: seconds, p50: await tally.percentile(0.5),
                    p99: await tally.percentile(0.99), turnedAway: await tally.turnedAway,
                    problems: problems.joined(separator: ", "))
    }

    private func client(_ http: HTTPClient, tally: CallTally, bodies: [ByteBuffer], url: String) async {
        while let image = await tally.next() {
            var request = HTTPClientRequest(url: url)
            request.method = .POST
            request.body = .bytes(bodies[image])
            let start = ContinuousClock.now
            do {
                let response = try await http.execute(request, timeout: .seconds(600))
                _ = try await response.body.collect(upTo: 64 << 20)
                let retryAfter = response.headers.first(name: "Retry-After").flatMap { Int($0) }
                switch (response.status.code, retryAfter) {
                case (200, _):
                    await tally.recordAnswer(after: ContinuousClock.now - start)
                case (503, let seconds?):
                    await tally.recordTurnedAway()
                    try? await Task.sleep(for: .seconds(seconds))
                default:
                    await tally.recordAnswer(status: Int(response.status.code))
                }
            } catch {
                await tally.recordUnanswered(error)
            }
        }
    }
}
