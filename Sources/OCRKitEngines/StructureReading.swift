import OCRKit
import OCRKitONNX
import OCRKitStructure

/// What of a page's structure a reader reads beyond its lines and paragraphs.
public enum StructureReading: String, CaseIterable, Hashable, Sendable, Codable {
    /// The page's regions (title, text, table, figure, caption, header, footer, page number,
    /// formula) and its tables cell by cell, found on the page (``OCRKitStructure/PageStructureReader``).
    case page
    /// Each image is a table cut from its page (a crop, a screenshot of a spreadsheet): read as
    /// one table, cell by cell.
    case wholeTable = "whole-table"

    /// The structure reader that reads it, with the models installed by `ocr models install
    /// tables layout`.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming a model that is not installed.
    public func reader(libraryPath: String? = nil) throws -> any StructureReader {
        let tables = try SLANetModel(libraryPath: libraryPath)
        switch self {
        case .page: return PageStructureReader(layoutModel: try PicoDetLayoutModel(libraryPath: libraryPath), tableModel: tables)
        case .wholeTable: return TableReader(model: tables, finder: WholePageTable())
        }
    }
}
