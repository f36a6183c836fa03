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
    public static let ppocrModels = SharedData.packageRoot.appendingPathComponent(".deps/models/ppocr").path

    /// Whether ONNX Runtime and the PP-OCR models are installed.
    public static var hasPPOCR: Bool {
        FileManager.default.fileExists(atPath: onnxRuntimeLibrary)
            && FileManager.default.fileExists(atPath: ppocrModels + "/ch_PP-OCRv4_rec_infer.onnx")
    }

    public static let missingReason: Comment = "needs ONNX Runtime and the PP-OCR models in .deps/, which scripts/setup installs"
}
