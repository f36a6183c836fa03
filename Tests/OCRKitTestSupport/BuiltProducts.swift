import Foundation

/// What SwiftPM built beside the tests.
public enum BuiltProducts {
    /// The `ocr` executable the tests run: the one `OCRKIT_OCR` names (scripts/test names its
    /// release build, which reads several times faster than the debug build and is the one
    /// people use), else the one built beside the tests.
    public static let ocr: String = {
        if let named = ProcessInfo.processInfo.environment["OCRKIT_OCR"], !named.isEmpty {
            precondition(FileManager.default.isExecutableFile(atPath: named), "OCRKIT_OCR names \(named), which is no executable")
            return named
        }
        return executable("ocr")
    }()

    /// The executable product `name` built beside the tests: in the folder of the running test
    /// executable, whichever build (debug, or scripts/test's optimised one) and scratch path that is.
    public static func executable(_ name: String) -> String {
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return tests.deletingLastPathComponent().appendingPathComponent(name).path
    }
}
