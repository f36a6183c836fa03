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
