import Foundation
import OCRKit

/// Writes a page's tables as CSV files into a folder (`ocr read --tables-dir`), each named by its
/// document, page and table: `statement-p2-t1.csv` for the first table of page 2 of
/// `statement.pdf`; an image is page 1.
///
/// ```swift
/// let written = try TableFiles(folder: folder).write(page)   // [".../statement-p1-t1.csv"]
/// ```
public struct TableFiles: Sendable {
    public var folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The file the `index`th table (from 1) of `page` goes to.
    public func path(of page: Page, table index: Int) -> String {
        "\(folder)/\(Self.name(of: page, table: index))"
    }

    /// The name of the `index`th table's file (from 1) of `page`, `statement-p2-t1.csv`: also
    /// what the service offers it as.
    public static func name(of page: Page, table index: Int) -> String {
        let document = ((page.image as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(document)-p\(page.pageNumber ?? 1)-t\(index).csv"
    }

    /// Writes every table of `page`, each whole or not at all, and returns their paths.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the folder or the file that cannot be written.
    @discardableResult
    public func write(_ page: Page) throws -> [String] {
        guard !page.tables.isEmpty else { return [] }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OCRError(.notReadable, path: folder, reason: "cannot make this folder for tables: \(error.localizedDescription)", underlyingError: error)
        }
        return try page.tables.enumerated().map { offset, table in
            let path = path(of: page, table: offset + 1)
            do {
                try table.csv().write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw OCRError(.notReadable, path: path, reason: "cannot write this table: \(error.localizedDescription)", underlyingError: error)
            }
            return path
        }
    }
}
