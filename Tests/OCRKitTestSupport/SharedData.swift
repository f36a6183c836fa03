import Foundation
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

    public static let missingReason: Comment =
        "needs ../shared/datasets beside the package, which only the project's machines have"
}

/// What scripts/setup installs into the package's `.deps/`, for the ONNX engines' tests.
public enum InstalledDependencies {
    public static let onnxRuntimeLibrary = SharedData.packageRoot.appendingPathComponent(".deps/onnxruntime/lib/libonnxruntime.so.1").path
    /// The folder of the installed PP-OCR model set `name` (`v4`, `v6`, `v6-tiny`).
    public static func ppocrModels(_ name: String) -> String {
        SharedData.packageRoot.appendingPathComponent(".deps/models/ppocr/\(name)").path
    }

    /// The PP-OCRv4 set, which the engine's own tests read with.
    public static let ppocrModels = ppocrModels("v4")

    /// Whether ONNX Runtime and the PP-OCR model sets are installed.
    public static var hasPPOCR: Bool {
        FileManager.default.fileExists(atPath: onnxRuntimeLibrary)
            && ["v4/ch_PP-OCRv4_rec_infer.onnx", "v6/PP-OCRv6_rec_small.onnx", "v6-tiny/rec/rec.onnx"].allSatisfy {
                FileManager.default.fileExists(atPath: SharedData.packageRoot.appendingPathComponent(".deps/models/ppocr/\($0)").path)
            }
    }

    public static let missingReason: Comment = "needs ONNX Runtime and the PP-OCR models in .deps/, which scripts/setup installs"
}
