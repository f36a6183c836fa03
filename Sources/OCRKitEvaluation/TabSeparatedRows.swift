import Foundation
import OCRKit

/// The rows of a data set's tab-separated file, with their line numbers for error messages:
/// blank lines and `#` comments skipped, Windows line ends tolerated.
public enum TabSeparatedRows {
    /// The rows of the file at `path`, its fields split at tabs; `kind` names the file in errors.
    public static func read(_ path: String, describedAs kind: String) throws -> [(number: Int, fields: [Substring])] {
        let contents: String
        do {
            contents = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot read the \(kind): \(error.localizedDescription)", underlyingError: error)
        }
        return contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            return (number + 1, line.split(separator: "\t", omittingEmptySubsequences: false))
        }
    }

    /// A path from a row: as it is when absolute, else relative to the file's `folder`.
    public static func path(_ field: Substring, in folder: URL) -> String {
        field.hasPrefix("/") ? String(field) : folder.appendingPathComponent(String(field)).path
    }
}
