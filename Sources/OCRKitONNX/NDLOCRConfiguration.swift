import Foundation
import OCRKit
import Yams

/// NDLOCR-Lite's character set and layout classes, read from its own files (`NDLmoji.yaml`,
/// `ndl.yaml`).
///
/// The character set is one string; its characters are its Unicode scalars. Splitting it into
/// graphemes, as Swift's `String` does by default, would merge U+FE0E (a variation selector) into
/// the character before it and shift every later index by one.
struct NDLOCRCharset: Sendable {
    /// The characters, in class order from class 1.
    let characters: [String]

    /// - Throws: ``OCRError`` naming the file when it cannot be read or holds no character set.
    init(contentsOf path: String) throws {
        let model = try Self.yaml(at: path)["model"] as? [String: Any]
        guard let charset = (model?["charset_train"] ?? model?["charset_test"]) as? String, !charset.isEmpty else {
            throw OCRError(.corrupt, path: path, reason: "no model.charset_train in the character set file")
        }
        characters = charset.unicodeScalars.map { String($0) }
    }

    init(characters: [String]) {
        self.characters = characters
    }

    /// The character a recogniser class stands for; class 0 ends the text and stands for none.
    func character(forClass index: Int) -> String? {
        index >= 1 && index <= characters.count ? characters[index - 1] : nil
    }

    static func yaml(at path: String) throws -> [String: Any] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw OCRError(.notReadable, path: path, reason: "cannot read: \(error.localizedDescription)", underlyingError: error)
        }
        do {
            guard let document = try Yams.load(yaml: text) as? [String: Any] else {
                throw OCRError(.corrupt, path: path, reason: "not a YAML mapping")
            }
            return document
        } catch let error as OCRError {
            throw error
        } catch {
            throw OCRError(.corrupt, path: path, reason: "not valid YAML: \(error)", underlyingError: error)
        }
    }
}

/// NDLOCR-Lite's layout classes (`ndl.yaml`): the detector's labels, and which are text lines.
struct NDLOCRClasses: Sendable {
    /// Class names by index, as the detector's 0-based labels count them.
    let names: [Int: String]

    init(contentsOf path: String) throws {
        let mapping = try NDLOCRCharset.yaml(at: path)["names"] as? [AnyHashable: Any] ?? [:]
        var names: [Int: String] = [:]
        for (key, value) in mapping {
            // Yams gives the numbers as strings; a hand-written file may give them as numbers.
            guard let index = key.base as? Int ?? (key.base as? String).flatMap({ Int($0) }),
                  let name = value as? String else { continue }
            names[index] = name
        }
        guard !names.isEmpty, names.count == mapping.count else {
            throw OCRError(.corrupt, path: path, reason: "no names mapping of class numbers to names")
        }
        self.names = names
    }

    /// The classes that are lines of text (`line_main`, `line_caption`, `line_title`...), which
    /// the recognisers read; the others are blocks around them or figures.
    var textLineClasses: Set<Int> {
        Set(names.filter { $0.value.hasPrefix("line_") }.keys)
    }
}
