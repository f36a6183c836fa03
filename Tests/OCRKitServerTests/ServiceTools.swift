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
        // Run in a folder of its own (env -C), where the tools leave their caches (schemathesis'
        // .schemathesis/): not the package.
        let run = try await offThePool {
            try Tool.run("env", ["-C", scratch.path, "python3"] + arguments, environment: ["PYTHONPATH": folder, "NO_COLOR": "1"])
        }
        return (run.status, run.data, run.errors)
    }
}
