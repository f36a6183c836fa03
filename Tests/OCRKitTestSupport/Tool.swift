import Foundation
import OCRKit
import OCRKitProcesses

/// Runs a program to its end, for the tests: one way to run a child process, the benches'
/// ``OCRKitProcesses/ChildProcess``. Its outputs go to files, read once it has ended, so that neither
/// stream can fill up and stall it.
///
/// ```swift
/// let listing = try Tool.output("pdfimages", ["-list", path])   // throws what it said when it fails
/// let check = try Tool.run("qpdf", ["--check", path])           // check.status, check.errors
///
/// It blocks its thread until the program ends: a test on Swift's cooperative threads that runs
/// a program for seconds waits for it in ``OCRKit/offThePool(_:)``.
/// ```
public enum Tool {
    /// What a program printed, and how it ended.
    public struct Run: Sendable {
        /// The code it exited with, or the number of the signal that ended it.
        public var status: Int32
        /// Standard output's bytes.
        public var data: Data
        public var errors: String

        /// Standard output, as UTF-8 text.
        public var output: String { String(decoding: data, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `program` (looked up in `PATH`) with `arguments`, with the environment changed by
    /// `environment` (`nil` removes a variable), to its end.
    public static func run(_ program: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> Run {
        let folder = try TemporaryFolder()
        let output = folder.file("output"), errors = folder.file("errors")
        let outcome = try ChildProcess.run(program, arguments, output: output, errors: errors, environment: environment)
        return Run(status: outcome.exitCode, data: FileManager.default.contents(atPath: output) ?? Data(),
                   errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    /// What `program` printed, or throws what it said on standard error when it failed.
    public static func output(_ program: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> String {
        let run = try run(program, arguments, environment: environment)
        guard run.status == 0 else { throw Failure(description: "\(program) \(arguments.joined(separator: " ")): \(run.errors)") }
        return run.output
    }
}
