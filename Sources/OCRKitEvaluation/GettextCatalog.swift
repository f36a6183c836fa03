import Foundation
import OCRKit

/// The translations of a compiled gettext catalogue (a `.mo` file, such as
/// `/usr/share/locale/ru/LC_MESSAGES/glib20.mo`): real sentences in many languages and scripts,
/// written by people, which the language tests and `ocr bench languages` render and read, so that
/// no test's truth is typed by hand.
///
/// ```swift
/// let catalog = try GettextCatalog(contentsOf: "/usr/share/locale/ru/LC_MESSAGES/glib20.mo")
/// print(catalog.translations.count)   // every message with a translation, in the file's order
/// ```
public struct GettextCatalog: Sendable {
    /// Each translated message, in the catalogue's order (by its original): the original and its
    /// first (singular) translation.
    public var translations: [(original: String, translation: String)]

    /// - Throws: ``OCRKit/OCRError`` naming the file when it cannot be read or is not a catalogue.
    public init(contentsOf path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot read the catalogue: \(error.localizedDescription)", underlyingError: error)
        }
        let bytes = [UInt8](data)
        func corrupt(_ reason: String) -> OCRError { OCRError(.corrupt, path: path, reason: "not a gettext catalogue: \(reason)") }
        guard bytes.count >= 28 else { throw corrupt("too short") }
        // The magic number says the byte order of every number after it.
        let littleEndian: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xDE, 0x12, 0x04, 0x95): littleEndian = true
        case (0x95, 0x04, 0x12, 0xDE): littleEndian = false
        default: throw corrupt("no magic number")
        }
        func number(at offset: Int) throws -> Int {
            guard offset >= 0, offset + 4 <= bytes.count else { throw corrupt("an offset past its end") }
            let word = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Int(littleEndian ? word.byteSwapped : word)
        }
        func string(inTable table: Int, at index: Int) throws -> String {
            let length = try number(at: table + 8 * index), start = try number(at: table + 8 * index + 4)
            guard start + length <= bytes.count else { throw corrupt("a string past its end") }
            // Plural forms follow the singular after a NUL.
            let singular = bytes[start..<start + length].split(separator: 0, omittingEmptySubsequences: false).first ?? []
            return String(decoding: singular, as: UTF8.self)
        }
        let count = try number(at: 8), originals = try number(at: 12), translated = try number(at: 16)
        guard count < bytes.count / 8 else { throw corrupt("more messages than bytes") }
        translations = try (0..<count).compactMap { index in
            let original = try string(inTable: originals, at: index)
            let translation = try string(inTable: translated, at: index)
            // The header, the empty original, is the catalogue's metadata.
            return original.isEmpty || translation.isEmpty ? nil : (original, translation)
        }
    }
}
