import Foundation
import Testing

/// Debian's chromium, headless, printing HTML to PDF: documents typeset at test time with real
/// fonts, running headers and page numbers (CSS `@page` margin boxes), columns and hyphens.
public enum Chromium {
    public static let path = "/usr/bin/chromium"
    public static let isInstalled = FileManager.default.isExecutableFile(atPath: path)
    public static let missingReason: Comment = "needs Debian's chromium: scripts/setup installs it"

    /// Prints `html` to a PDF in `folder`, named `name`; returns its path.
    public static func print(_ html: String, to name: String, in folder: TemporaryFolder) throws -> String {
        let page = try folder.write(Array(html.utf8), to: name + ".html"), pdf = folder.file(name + ".pdf")
        // Its profile in the test's folder: a browser's state never outlives the test.
        _ = try Tool.output(path, ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                                   "--user-data-dir=" + folder.file("chromium-profile"), "--print-to-pdf=" + pdf,
                                   URL(fileURLWithPath: page).absoluteString])
        guard FileManager.default.fileExists(atPath: pdf) else { throw Tool.Failure(description: "chromium printed no \(pdf)") }
        return pdf
    }
}
