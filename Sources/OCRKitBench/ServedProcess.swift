import Foundation
import OCRKit
import OCRKitProcesses

/// An `ocr serve` process, as the serve benchmark and the tests call it: started on a free port,
/// watched for its peak memory, and stopped by SIGTERM as a service manager stops it.
public final class ServedProcess: Sendable {
    public let process: ChildProcess.Running
    public let port: Int

    /// Starts `ocr serve --port 0` with `arguments`, its standard error to the file `log`, and
    /// waits until it says where it listens.
    ///
    /// - Throws: an ``OCRError`` with what it printed when it exits or says nothing for a minute.
    public init(ocr: String, arguments: [String], log: String) async throws {
        let process = try ChildProcess.start(ocr, ["serve", "--port", "0"] + arguments, errors: log)
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning && ContinuousClock.now < deadline {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let match = said.firstMatch(of: /serving on http:\/\/127\.0\.0\.1:(\d+)\//), let port = Int(match.1) {
                self.process = process
                self.port = port
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.signal()
        throw OCRError(.engineFailure, path: ocr,
                       reason: "ocr serve did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// The most resident memory the process has held so far, in bytes (Linux's `VmHWM`).
    public var peakBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return (line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }

    /// Sends SIGTERM and waits for the process to drain and exit.
    ///
    /// - Returns: its exit status and how long draining took.
    public func stop() async -> (status: Int32, seconds: Double) {
        let start = ContinuousClock.now
        process.signal()
        let outcome = await process.ended()
        return (outcome.exitCode, (ContinuousClock.now - start).timeInterval)
    }
}
