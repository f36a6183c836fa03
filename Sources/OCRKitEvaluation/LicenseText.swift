import Foundation
import OCRKit

/// A licence's plain text as Debian keeps them (`/usr/share/common-licenses/GPL-3`) made into
/// the parts of a document: real prose with a real document's structure, to print and read
/// back. Its blocks are separated by blank lines: the first block's first line is the title;
/// a centred line alone is a heading; `0. Definitions.` alone a numbered one; a block opening
/// with `a)` a list item; a block indented throughout a block of code; any other a paragraph,
/// its lines joined by single spaces.
///
/// ```swift
/// let parts = try LicenseText.parts(ofFile: "/usr/share/common-licenses/GPL-3")
/// print(parts.filter { $0.kind == .title }.map(\.text))   // ["GNU GENERAL PUBLIC LICENSE", "Preamble", ...]
/// ```
public enum LicenseText {
    /// The parts of the licence in the file at `path`, every one on page 1 (the text has no pages).
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the file when it cannot be read.
    public static func parts(ofFile path: String) throws -> [DocumentPart] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw OCRError(.notReadable, path: path, reason: "cannot read the licence's text")
        }
        return parts(of: String(decoding: data, as: UTF8.self))
    }

    /// The parts of a licence's `text`.
    public static func parts(of text: String) -> [DocumentPart] {
        let blocks = text.components(separatedBy: "\n\n").map { block in
            block.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }.filter { !$0.isEmpty }
        var parts: [DocumentPart] = []
        func add(_ kind: Region.Kind, _ text: String, level: Int = 0, marker: String? = nil) {
            parts.append(DocumentPart(kind: kind, text: text, level: level, marker: marker, pages: 1...1))
        }
        for (index, lines) in blocks.enumerated() {
            let indents = lines.map { $0.prefix { $0 == " " }.count }
            let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                .split(separator: " ").joined(separator: " ")
            if index == 0 {
                add(.title, lines[0].trimmingCharacters(in: .whitespaces), level: 1)
                if lines.count > 1 { add(.text, lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")) }
            } else if lines.count == 1, indents[0] >= 10 {
                add(.title, joined, level: 2)
            } else if lines.count == 1, joined.wholeMatch(of: /\d{1,2}\. [A-Z].*/) != nil {
                add(.title, joined, level: 3)
            } else if let marker = joined.prefixMatch(of: /[a-z]\)/), indents[0] >= 4 {
                add(.list, String(joined.dropFirst(marker.output.count + 1)), level: 1, marker: String(marker.output))
            } else if indents.allSatisfy({ $0 >= 4 }) {
                let common = indents.min() ?? 0
                add(.code, lines.map { String($0.dropFirst(common)) }.joined(separator: "\n"))
            } else {
                add(.text, joined)
            }
        }
        return parts
    }
}
