import Foundation
import OCRKit

/// A PDF whose only encryption is of its attachments: its encryption dictionary leaves streams
/// and strings in the clear (`/StmF` and `/StrF` `/Identity`) and encrypts embedded files alone
/// (`/EFF`, a filter of `/AuthEvent /EFOpen`). Viewers (pdf.js, poppler) show its pages without a
/// password, but qpdf asks for one to open it at all.
///
/// Without the password, such a PDF is opened as one without encryption, from a copy in memory
/// in which its trailer's `/Encrypt` is blanked out, once the dictionary it named has been found
/// to encrypt nothing but attachments. Its pages can be read; a searchable copy, which would
/// carry its attachments without the means to decrypt them, still needs the password.
enum AttachmentEncryption {
    /// The PDF `document` opened with its encryption set aside, if only its attachments are
    /// encrypted; `nil` otherwise.
    static func openWithoutPassword(_ document: DocumentSource) -> QPDFFile? {
        guard var bytes = try? document.data() else { return nil }
        let references = blankEncryptReferences(in: &bytes)
        guard !references.isEmpty, let file = try? QPDFFile(contents: bytes, name: document.name) else { return nil }
        let onlyAttachments = references.allSatisfy { reference in
            let dictionary = file.object(id: reference.id, generation: reference.generation)
            return file.name(file.key(dictionary, "/Filter")) == "/Standard"
                && (file.number(file.key(dictionary, "/V")) ?? 0) >= 4
                && (file.name(file.key(dictionary, "/StmF")) ?? "/Identity") == "/Identity"
                && (file.name(file.key(dictionary, "/StrF")) ?? "/Identity") == "/Identity"
        }
        return onlyAttachments ? file : nil
    }

    /// Each `/Encrypt N G R` in `bytes` (the trailers', or cross-reference streams') replaced by
    /// as many spaces, which keeps every offset: the objects they named.
    private static func blankEncryptReferences(in bytes: inout Data) -> [(id: Int32, generation: Int32)] {
        let key = Data("/Encrypt".utf8)
        var references: [(id: Int32, generation: Int32)] = []
        var searchStart = bytes.startIndex
        while let found = bytes.range(of: key, in: searchStart..<bytes.endIndex) {
            searchStart = found.upperBound
            var index = found.upperBound
            func skipSpaces() { while index < bytes.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 } }
            func integer() -> Int32? {
                let start = index
                while index < bytes.endIndex, (0x30...0x39).contains(bytes[index]), index - start < 10 { index += 1 }
                return index > start ? Int32(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
            }
            skipSpaces()
            guard let id = integer() else { continue }
            skipSpaces()
            guard let generation = integer() else { continue }
            skipSpaces()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "R") else { continue }
            bytes.replaceSubrange(found.lowerBound...index, with: Data(repeating: 0x20, count: index - found.lowerBound + 1))
            references.append((id, generation))
        }
        return references
    }
}
