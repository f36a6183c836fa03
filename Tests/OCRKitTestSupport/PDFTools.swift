import Foundation
import Testing

/// The programs tests make PDFs with and read them back with as a viewer would: poppler-utils'
/// pdftotext, pdfimages, pdffonts and pdfinfo, qpdf, Ghostscript and libtiff's tiffcp, all of which
/// scripts/setup installs.
public enum PDFTools {
    private static let programs = ["pdftotext", "pdfimages", "pdffonts", "pdfinfo", "qpdf", "gs", "tiffcp", "tiff2pdf", "pdftoppm"]

    public static let isInstalled = programs.allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }

    public static let missingReason: Comment = "needs poppler-utils, qpdf, ghostscript and libtiff-tools, which scripts/setup installs"

    /// What a program printed, and how it ended.
    public struct Run: Sendable {
        public var status: Int32
        /// Standard output's bytes.
        public var data: Data
        public var errors: String

        /// Standard output, as UTF-8 text.
        public var output: String { String(decoding: data, as: UTF8.self) }
    }

    /// Runs `/usr/bin/<program>` with `arguments` to its end. Its output goes to files, read once
    /// it has ended, so that neither stream can fill up and stall it.
    public static func run(_ program: String, _ arguments: [String]) throws -> Run {
        let folder = try TemporaryFolder()
        let output = folder.file("output"), errors = folder.file("errors")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   data: FileManager.default.contents(atPath: output) ?? Data(),
                   errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    /// Runs `program` and returns what it printed, or throws what it said on standard error.
    public static func output(_ program: String, _ arguments: [String]) throws -> String {
        let run = try run(program, arguments)
        guard run.status == 0 else { throw ToolFailure(description: "\(program) \(arguments.joined(separator: " ")): \(run.errors)") }
        return run.output
    }

    /// Runs pdftotext with `arguments` and returns what it printed.
    public static func pdftotext(_ arguments: [String]) throws -> String {
        try output("pdftotext", arguments)
    }

    public struct ToolFailure: Error, CustomStringConvertible {
        public var description: String
    }
}
