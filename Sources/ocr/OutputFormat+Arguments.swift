import ArgumentParser
import Foundation
import OCRKitExport

extension OutputFormat: ExpressibleByArgument {
    /// Refuses to print a PDF to a terminal, suggesting a file called `name` to redirect it to.
    func checkStandardOutput(suggesting name: String) throws {
        if self == .pdf && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("a PDF is not for the terminal: redirect it to a file (> \(name))")
        }
    }
}
