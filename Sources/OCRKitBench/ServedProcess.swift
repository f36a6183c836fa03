import Foundation
import OCRKit

/// An `ocr serve` process the serve benchmark calls: started on a free port, watched for its
/// peak memory, and stopped by SIGTERM as a service manager stops it.
final class ServedProcess: Sendable {
    let process: Process
    let port: Int

    /// Starts `ocr serve --port 0` with `arguments`, its standard error to the file `log`, and
    /// waits until it says where it listens.
    ///
    /// - Throws: an ``OCRError`` with what it printed when it exits or says nothing for a minute.
    init(ocr: String, arguments: [String], log: String) async throws {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ocr)
        process.arguments = ["serve", "--port", "0"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
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
        if process.isRunning { process.terminate() }
        throw OCRError(.engineFailure, path: ocr,
                       reason: "ocr serve did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// The most resident memory the process has held so far, in bytes (Linux's `VmHWM`).
    var peakBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return (line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }

    /// Sends SIGTERM and waits for the process to drain and exit.
    ///
    /// - Returns: its exit status and how long draining took.
    func stop() async -> (status: Int32, seconds: Double) {
        let start = ContinuousClock.now
        if process.isRunning { process.terminate() }
        await offThePool { [process] in process.waitUntilExit() }
        return (process.terminationStatus, (ContinuousClock.now - start).timeInterval)
    }
}
