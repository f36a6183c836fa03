import Foundation
import OCRKit
import OCRKitTestSupport

/// The Python tools the server's tests drive it with (schemathesis, Selenium), which
/// scripts/setup installs into .deps/service-tools.
enum ServiceTools {
    static let folder = SharedData.packageRoot.appendingPathComponent(".deps/service-tools").path

    static func isInstalled(_ package: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/" + package)
    }

    /// Runs `python3` with `arguments` and the tools on its path, off Swift's cooperative threads
    /// (it runs for minutes), and returns its exit status, what it printed, and its complaints.
    static func python(_ arguments: [String]) async throws -> (status: Int32, output: Data, errors: String) {
        let scratch = try TemporaryFolder()
        return try await offThePool {
            let errorPath = scratch.file("stderr")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments
            // Where the tools leave their caches (schemathesis' .schemathesis/): not the package.
            process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
            process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": folder, "NO_COLOR": "1"]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            // A file, not a second pipe: a full pipe nobody reads would stop the tool.
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let complaints = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
            return (process.terminationStatus, printed, complaints)
        }
    }
}
