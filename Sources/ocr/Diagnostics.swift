import Foundation

/// Writes `message` to standard error as one line, prefixed `ocr: `, the way every command
/// reports what is not its output.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("ocr: \(message)\n".utf8))
}
