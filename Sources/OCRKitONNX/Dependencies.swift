import Foundation

/// Where OCRKit looks for what `scripts/setup` installs into an OCRKit checkout's `.deps/`: the
/// current directory first, then each folder above the running program, so that an `ocr` built
/// in a checkout finds its models and ONNX Runtime wherever it is run from.
enum Dependencies {
    /// `relative` (such as `.deps/models/ppocr`) in each place looked in, in order.
    static func candidates(_ relative: String) -> [String] {
        var folders = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        if var folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            while folder.pathComponents.count > 1 {
                folders.append(folder)
                folder.deleteLastPathComponent()
            }
        }
        return folders.map { $0.appendingPathComponent(relative).path }
    }

    /// The first of ``candidates(_:)`` that exists, or `relative` itself, so that an error names it.
    static func locate(_ relative: String) -> String {
        candidates(relative).first { FileManager.default.fileExists(atPath: $0) } ?? relative
    }
}
