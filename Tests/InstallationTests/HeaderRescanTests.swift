import Foundation
import OCRKitTestSupport
import Testing

/// Headers installed after a first build are seen by the next once `scripts/rescan-headers` has
/// run, as set-up runs it: shown on a package of the test's own whose manifest looks for a file
/// as OCRKit's looks for ONNX Runtime's and OpenCV's headers, built with a SwiftPM cache of its own.
struct HeaderRescanTests {
    @Test(.timeLimit(.minutes(5)))
    func aHeaderInstalledAfterAFirstBuildIsSeenOnceRescanned() async throws {
        let work = try TemporaryFolder()
        let package = work.file("Probe"), header = work.file("installed.h")
        try FileManager.default.createDirectory(atPath: "\(package)/Sources/Probe", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(package)/scripts", withIntermediateDirectories: true)
        for script in ["rescan-headers", "strict.bash"] {
            try FileManager.default.copyItem(atPath: SharedData.packageRoot.appendingPathComponent("scripts/\(script)").path,
                                             toPath: "\(package)/scripts/\(script)")
        }
        try """
            // swift-tools-version:6.1
            import Foundation
            import PackageDescription

            let found = FileManager.default.fileExists(atPath: "\(header)")
            let package = Package(name: "Probe", targets: [
                .executableTarget(name: "Probe", swiftSettings: found ? [.define("FOUND")] : []),
            ])
            """.write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
        try """
            #if FOUND
            print("found")
            #else
            print("not found")
            #endif
            """.write(toFile: "\(package)/Sources/Probe/main.swift", atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_CACHE_HOME": work.file("cache")]
        func built() async throws -> String {
            let build = try await run(["swift", "build"], in: package, environment: environment)
            try #require(build.status == 0, "\(build.errors)")
            return try await run([".build/debug/Probe"], in: package).output
        }

        #expect(try await built() == "not found\n")
        try Data().write(to: URL(fileURLWithPath: header))
        #expect(try await built() == "not found\n", "SwiftPM keeps what its manifest found: nothing to rescan otherwise")
        // Through bash, not executed itself: a process another test started while the copy was
        // being written holds it open for writing until that process execs, and executing a file
        // open for writing fails ("Text file busy"), as it did once in a fresh-clone run.
        let rescan = try await run(["bash", "scripts/rescan-headers"], in: package, environment: environment)
        #expect(rescan.status == 0 && rescan.errors.isEmpty, "\(rescan.errors)")
        #expect(try await built() == "found\n")
    }
}
