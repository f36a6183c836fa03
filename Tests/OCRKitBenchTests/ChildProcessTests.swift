import Foundation
import OCRKit
@testable import OCRKitBench
import OCRKitTestSupport
import Synchronization
import Testing

struct ChildProcessTests {
    @Test func outputStatusAndEnvironmentReachTheCaller() throws {
        let folder = try TemporaryFolder()
        let output = folder.file("out.txt"), errors = folder.file("err.txt")
        let outcome = try ChildProcess.run(
            "sh", ["-c", "echo \"$GREETING\"; echo oops >&2; exit 3"], output: output, errors: errors,
            environment: ["GREETING": "hello"])
        #expect(outcome.status >> 8 == 3)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "hello\n")
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "oops\n")
        #expect(outcome.peakBytes > 0)
        #expect(outcome.seconds >= 0)
    }

    @Test func aMissingProgramIsNamed() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: OCRError.self) {
            try ChildProcess.run("no-such-program-here", [], output: folder.file("out.txt"))
        }
        #expect(error?.path == "no-such-program-here")
        #expect(error?.reason.contains("No such file") == true, "\(String(describing: error))")
    }

    @Test func concurrentMapKeepsOrderAndItsLimit() async throws {
        let running = Mutex((now: 0, most: 0))
        let doubled = try await Array(0..<40).concurrentMap(jobs: 3) { value in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            try await Task.sleep(for: .milliseconds(UInt64(value % 4)))
            running.withLock { $0.now -= 1 }
            return value * 2
        }
        #expect(doubled == Array(0..<40).map { $0 * 2 })
        #expect(running.withLock { $0.most } == 3)
    }
}
