import Foundation
import OCRKitProcesses
import Testing

extension Chromium {
    public static let missingReason: Comment = "needs Debian's chromium: scripts/setup installs it"

    /// Prints `html` to a PDF in `folder`, named `name`; returns its path.
    public static func print(_ html: String, to name: String, in folder: TemporaryFolder) async throws -> String {
        let page = try folder.write(Array(html.utf8), to: name + ".html"), pdf = folder.file(name + ".pdf")
        try await print(htmlFile: page, to: pdf, profile: folder.file("chromium-profile"))
        return pdf
    }
}
