import Foundation
import OCRKit
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

private let folder = SharedData.datasets.deletingLastPathComponent().appendingPathComponent("ndlocr-lite")
private let available = FileManager.default.fileExists(atPath: folder.appendingPathComponent("NDLmoji.yaml").path)

@Suite(.enabled(if: available, SharedData.missingReason))
struct NDLOCRConfigurationTests {
    @Test func theCharsetParsesTo7141CharactersByUnicodeScalar() throws {
        let charset = try NDLOCRCharset(contentsOf: folder.appendingPathComponent("NDLmoji.yaml").path)
        #expect(charset.characters.count == 7141)
        #expect(charset.character(forClass: 1) == " ")
        #expect(charset.character(forClass: 0) == nil && charset.character(forClass: 7142) == nil)
        #expect(charset.characters.allSatisfy { $0.unicodeScalars.count == 1 })
        // Graphemes would merge the variation selector into its neighbour: one fewer, every index after it shifted.
        #expect(charset.characters.joined().count < 7141)
    }

    @Test func theTextLineClassesAreTheLineOnes() throws {
        let classes = try NDLOCRClasses(contentsOf: folder.appendingPathComponent("ndl.yaml").path)
        #expect(classes.names.count == 17)
        #expect(classes.textLineClasses.map { classes.names[$0]! }.sorted()
                == ["line_ad", "line_caption", "line_main", "line_note", "line_note_tochu", "line_title"])
    }
}

@Suite struct NDLOCRConfigurationErrorTests {
    @Test func badFilesNameTheFileAndTheCause() throws {
        let temporary = try TemporaryFolder()
        #expect { try NDLOCRCharset(contentsOf: temporary.file("missing.yaml")) } throws: { ($0 as? OCRError)?.code == .notReadable }
        let broken = try temporary.write(Array("model: [unclosed".utf8), to: "broken.yaml")
        #expect { try NDLOCRCharset(contentsOf: broken) } throws: { ($0 as? OCRError)?.code == .corrupt && ($0 as? OCRError)?.path == broken }
        let empty = try temporary.write(Array("model:\n  other: 1\n".utf8), to: "empty.yaml")
        #expect { try NDLOCRCharset(contentsOf: empty) } throws: { ($0 as? OCRError)?.reason.contains("charset") == true }
    }
}
