import Foundation
import OCRKit
import OCRKitONNX
import Testing

/// The project's shared evaluation data, `../shared/datasets` beside the package. A user's clone
/// has none: tests that need it are skipped with ``missingReason``.
public enum SharedData {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let datasets = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")

    /// The manifest of the data set `name` (`uw3_lines`, `sroie`...).
    public static func manifest(_ name: String) -> String {
        datasets.appendingPathComponent(name).appendingPathComponent("manifest.tsv").path
    }

    public static func isAvailable(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: manifest(name))
    }

    /// Whether the tables of PubTabNet are there (`pubtabnet/manifest.jsonl`).
    public static var hasTables: Bool {
        FileManager.default.fileExists(atPath: datasets.appendingPathComponent("pubtabnet/manifest.jsonl").path)
    }

    public static let missingReason: Comment =
        "needs ../shared/datasets beside the package, which only the project's machines have"
}

/// ONNX Runtime and the PP-OCR model sets, as OCRKit finds them (``OCRKit/DataFolders``): what
/// scripts/setup and `ocr models install` put in place, for the ONNX engines' tests.
public enum InstalledDependencies {
    /// The ONNX Runtime library the engines load, or the name they would look for.
    public static let onnxRuntimeLibrary: String = (try? ONNXRuntime.shared().libraryPath) ?? ONNXRuntime.libraryName
    /// The folder of the installed PP-OCR model set `name` (`v4`, `v6`, `v6-tiny`).
    public static func ppocrModels(_ name: String) -> String {
        PPOCRModelSet.installedFolder(named: name)
    }

    /// The PP-OCRv4 set, which the engine's own tests read with.
    public static let ppocrModels = ppocrModels("v4")

    /// Whether ONNX Runtime loads and every PP-OCR model set is installed.
    public static let hasPPOCR: Bool = (try? ONNXRuntime.shared()) != nil
        && PPOCRModelSet.installedNames.allSatisfy { DataFolders.standard().locate("ppocr/\($0)") != nil }

    public static let missingReason: Comment =
        "needs ONNX Runtime (scripts/setup) and the PP-OCR model sets (ocr models install all), as scripts/test installs them"

    /// Whether ONNX Runtime, the PP-OCR model sets and the table model are installed.
    public static let hasTableModel: Bool = hasPPOCR && DataFolders.standard().locate("structure/tables/slanet-1m.onnx") != nil

    public static let missingTableModelReason: Comment =
        "needs ONNX Runtime (scripts/setup), the PP-OCR model sets and the table model (ocr models install all), as scripts/test installs them"
}
