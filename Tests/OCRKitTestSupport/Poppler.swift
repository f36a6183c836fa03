import Foundation
import Testing

/// Poppler's pdftotext (Debian's poppler-utils, which scripts/setup installs), with which tests
/// read a PDF's text layer back.
public enum Poppler {
    public static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext")

    public static let missingReason: Comment = "needs pdftotext (poppler-utils), which scripts/setup installs"

    /// Runs pdftotext with `arguments` and returns what it printed.
    public static func pdftotext(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
