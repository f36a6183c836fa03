import Foundation
import Testing

/// The programs tests make PDFs with and read them back with as a viewer would: poppler-utils'
/// pdftotext, pdfimages, pdffonts and pdfinfo, qpdf, Ghostscript and libtiff's tiffcp, all of which
/// scripts/setup installs.
public enum PDFTools {
    private static let programs = ["pdftotext", "pdfimages", "pdffonts", "pdfinfo", "qpdf", "gs", "tiffcp", "tiff2pdf", "pdftoppm"]

    public static let isInstalled = programs.allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }

    public static let missingReason: Comment = "needs poppler-utils, qpdf, ghostscript and libtiff-tools, which scripts/setup installs"

    /// Runs pdftotext with `arguments` and returns what it printed.
    public static func pdftotext(_ arguments: [String]) throws -> String {
        try Tool.output("pdftotext", arguments)
    }
}
