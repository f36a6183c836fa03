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

    /// The ALTO 4.4 schema, and the catalog that lets xmllint read it offline.
    public static let altoSchema = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/alto")

    public static var hasAltoSchema: Bool {
        FileManager.default.fileExists(atPath: altoSchema.appendingPathComponent("alto-4-4.xsd").path)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint")
    }

    /// Whether xmllint finds `xml` valid by the ALTO 4.4 schema.
    public static func altoSchemaAccepts(_ xml: String) throws -> Bool {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array(xml.utf8), to: "alto.xml")
        let run = try Tool.run("xmllint", ["--noout", "--nonet", "--schema", altoSchema.appendingPathComponent("alto-4-4.xsd").path, path],
                               environment: ["XML_CATALOG_FILES": altoSchema.appendingPathComponent("catalog.xml").path])
        return run.status == 0
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

    /// Whether the table model and the layout model are installed, with the rest.
    public static let hasLayoutModel: Bool = hasTableModel && DataFolders.standard().locate("structure/layout/layout_cdla.onnx") != nil

    public static let missingTableModelReason: Comment =
        "needs ONNX Runtime (scripts/setup), the PP-OCR model sets and the table and layout models (ocr models install all), as scripts/test installs them"
}
