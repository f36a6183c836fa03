import Foundation
import OCRKit
@testable import OCRKitProcesses
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

    @Test func aStartedProgramRunsUntilSignalledAndSaysHowItEnded() async throws {
        // Example from Sources/OCRKitProcesses/ChildProcess.swift
        let child = try ChildProcess.start("sleep", ["60"])
        #expect(child.isRunning)
        child.signal(SIGTERM)
        let outcome = await child.ended()    // ended by SIGTERM: outcome.exitCode, its time and peak memory

        #expect(!outcome.exited && outcome.exitCode == SIGTERM)
        #expect(outcome.seconds < 30)
        #expect(!child.isRunning)
        #expect(child.wait() == outcome, "waited for again, it says the same")
    }

    @Test func bothOutputsCanShareOneFileAppendedTo() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write(Array("earlier\n".utf8), to: "log.txt")
        let child = try ChildProcess.start("sh", ["-c", "echo out; echo err >&2"], output: log, errors: log, appending: true)
        #expect(child.wait().exitCode == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "earlier\nout\nerr\n")
    }
}
