internal import CVips
import Foundation
import OCRKit

extension DocumentSource {
    /// Calls `body` with the format the document's first bytes announce and a maker of a
    /// libvips source over it: its file, opened as the path is (names holding "[...]" are not
    /// read as options), or its bytes, which outlive every source made. Blocking.
    ///
    /// - Throws: what libvips should never be handed (``ImageLoader/checkFile(at:)``: missing
    ///   files, directories, pipes, empty files; empty contents), naming the document.
    func withVipsSource<Value>(
        _ body: (_ format: String?, _ makeSource: () -> UnsafeMutablePointer<VipsSource>?) throws -> Value
    ) throws -> Value {
        switch self {
        case .file(let path):
            try ImageLoader.checkFile(at: path)
            return try body(FileSignature.format(ofFileAt: path)) { vips_source_new_from_file(path) }
        case .contents(let contents, let name):
            guard !contents.isEmpty else { throw OCRError(.corrupt, path: name, reason: "the file is empty") }
            return try contents.withUnsafeBytes { bytes in
                try body(FileSignature.format(of: contents)) { vips_source_new_from_memory(bytes.baseAddress, bytes.count) }
            }
        }
    }

    /// The format its first bytes announce (``FileSignature``), `nil` for none known.
    public var signature: String? {
        switch self {
        case .file(let path): FileSignature.format(ofFileAt: path)
        case .contents(let contents, _): FileSignature.format(of: contents)
        }
    }
}
