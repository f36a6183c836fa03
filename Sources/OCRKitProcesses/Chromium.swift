import Foundation
import OCRKit

/// Debian's chromium, headless, printing HTML to PDF: documents typeset with real fonts, running
/// headers and page numbers (CSS `@page` margin boxes), columns and hyphens, for the conversion
/// tests and `ocr bench convert`.
///
/// ```swift
/// try await Chromium.print(htmlFile: htmlPath, to: pdfPath, profile: profileFolder)
/// ```
public enum Chromium {
    public static let path = "/usr/bin/chromium"
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Prints the HTML file `htmlFile` to the PDF `pdf`, with the browser's state in the folder
    /// `profile` (the caller's to remove: a browser's state never outlives its work).
    ///
    /// - Throws: an ``OCRKit/OCRError/Code/engineFailure`` error naming `pdf` when chromium
    ///   printed nothing.
    public static func print(htmlFile: String, to pdf: String, profile: String) async throws {
        let errors = pdf + ".chromium-errors"
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let outcome = try await ChildProcess.run(path, ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                                                  "--user-data-dir=" + profile, "--print-to-pdf=" + pdf,
                                                  URL(fileURLWithPath: htmlFile).absoluteString], errors: errors)
        guard outcome.status == 0, FileManager.default.fileExists(atPath: pdf) else {
            let said = (try? String(contentsOfFile: errors, encoding: .utf8))?.suffix(400) ?? ""
            throw OCRError(.engineFailure, path: pdf, reason: "chromium printed no PDF of \(htmlFile): \(said)")
        }
    }
}
