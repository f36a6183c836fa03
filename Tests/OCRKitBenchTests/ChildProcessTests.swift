import Foundation
import OCRKit
@testable import OCRKitBench
import OCRKitTestSupport
import Testing

struct ChildProcessTests {
    @Test func outputStatusAndEnvironmentReachTheCaller() throws {
        let folder = try TemporaryFolder()
        let output = folder.file("out.txt"), errors = folder.file("err.txt")
        let outcome = try ChildProcess.run(
            "sh", ["-c", "echo \"$GREETING\"; echo oops >&2; exit 3"], output: output, errors: errors,
            environment: ["GREETING": "hello"])
        #expect(outcome.status >> 8 == 3 && outcome.exitCode == 3)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "hello\n")
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "oops\n")
        #expect(outcome.peakBytes > 0)
        #expect(outcome.seconds >= 0)
    }

    @Test func aProgramEndedByASignalGivesTheSignalsNumber() throws {
        let outcome = try ChildProcess.run("sh", ["-c", "kill -9 $$"])
        #expect(outcome.status != 0 && outcome.exitCode == 9)
    }

    @Test func aMissingProgramIsNamed() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: OCRError.self) {
            try ChildProcess.run("no-such-program-here", [], output: folder.file("out.txt"))
        }
        #expect(error?.path == "no-such-program-here")
        #expect(error?.reason.contains("No such file") == true, "\(String(describing: error))")
    }
}
