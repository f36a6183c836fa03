import Foundation

/// What SwiftPM built beside the tests.
public enum BuiltProducts {
    /// The `ocr` executable.
    public static let ocr: String = {
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("ocr").path
        return FileManager.default.fileExists(atPath: beside) ? beside : SharedData.packageRoot.appendingPathComponent(".build/debug/ocr").path
    }()
}
