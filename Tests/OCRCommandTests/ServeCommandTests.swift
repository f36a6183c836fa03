import AsyncHTTPClient
import Foundation
import NIOCore
import OCRKit
import OCRKitBench
import OCRKitImages
import OCRKitTestSupport
import Testing

/// `ocr serve` as a user starts it, called over a real socket, and stopped by SIGTERM.
///
/// Its waits are long because they are not what is tested: a server that does not drain ends the
/// read in flight at once, and one that hangs meets the suite's limit. In a fresh clone's suite on
/// 2 cores, a read of one line took over a minute while every suite started at once.
@Suite(.heavy(hangGuard: .seconds(480)))
struct ServeCommandTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Starts `ocr serve` with the tests' engine and queue on a free port.
    private func serve(_ arguments: [String] = []) async throws -> ServedProcess {
        try await ServedProcess(ocr: BuiltProducts.ocr, arguments: ["--engine", "tesseract", "--db", folder.file("queue.sqlite")] + arguments,
                                log: folder.file("serve.log"))
    }

    private func read(_ bytes: [UInt8], port: Int, timeout: TimeAmount = .minutes(3)) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/read?format=text")
        request.method = .POST
        request.body = .bytes(ByteBuffer(bytes: bytes))
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 1 << 20)
        return (response.status.code, String(buffer: body))
    }

    /// Whether the server's metrics count a read running.
    private func isReading(port: Int) async throws -> Bool {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics"), timeout: .minutes(1))
        let metrics = String(buffer: try await response.body.collect(upTo: 1 << 20))
        return metrics.contains(#"ocrkit_reads{state="running"} "#) && !metrics.contains(#"ocrkit_reads{state="running"} 0.0"#)
    }

    @Test func readsOverHTTPAndDrainsOnSIGTERM() async throws {
        let server = try await serve(), port = server.port
        let letter = try ImageWriter.jpegData(TextRenderer.render("Served over HTTP"))
        let first = try await read(letter, port: port)
        #expect(first.status == 200 && first.body == "Served over HTTP\n")

        // A long page in flight when SIGTERM comes is still answered; then the server exits.
        let page = try ImageWriter.jpegData(TextRenderer.render(
            (1...40).map { "Line \($0) of a page that takes a while to read" }.joined(separator: "\n")))
        async let inFlight = read(page, port: port)
        // Once the server says it is reading it: on a busy machine the request can take longer
        // to arrive than any fixed wait, and then it is refused, not in flight.
        let deadline = ContinuousClock.now + .seconds(180)
        while try await !isReading(port: port), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        server.process.signal(SIGTERM)
        let answered = try await inFlight
        #expect(answered.status == 200 && answered.body.contains("Line 40 of a page"))
        #expect(await server.process.ended().exitCode == 0)
        // AsyncHTTPClient tries a refused connection again until the timeout.
        await #expect(throws: (any Error).self) { _ = try await read(letter, port: port, timeout: .seconds(2)) }
    }

    @Test func refusesToListenBeyondLoopbackWithoutAToken() async throws {
        let refused = try await ocr(["serve", "--host", "0.0.0.0", "--port", "0", "--db", folder.file("queue.sqlite")])
        #expect(refused.status != 0 && refused.errors.contains("--token"), "\(refused.errors)")
    }
}
