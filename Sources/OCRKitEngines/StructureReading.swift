import OCRKit
import OCRKitONNX
import OCRKitStructure

/// What of a page's structure a reader reads beyond its lines and paragraphs.
public enum StructureReading: String, CaseIterable, Hashable, Sendable, Codable {
    /// Each image is a table cut from its page (a crop, a screenshot of a spreadsheet): read as
    /// one table, cell by cell.
    case wholeTable = "whole-table"

    /// The structure reader that reads it, with the table model installed by
    /// `ocr models install tables` unless `tableModel` names another file.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the model when it is not installed.
    public func reader(tableModel: String? = nil, libraryPath: String? = nil) throws -> any StructureReader {
        let model = try SLANetModel(file: tableModel ?? SLANetModel.installedFile(), libraryPath: libraryPath)
        switch self {
        case .wholeTable: return TableReader(model: model, finder: WholePageTable())
        }
    }
}
