import Foundation
import OCRKit
import OCRKitImages
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

/// Model sets told apart by their files: the three scripts/setup installs, side by side, and sets
/// that are not whole or not consistent.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct PPOCRModelSetTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test(arguments: [("v4", "PP-OCRv4"), ("v6", "PP-OCRv6 small"), ("v6-tiny", "PP-OCRv6 tiny")])
    func eachInstalledSetIsFoundAndReads(name: String, family: String) async throws {
        let set = try PPOCRModelSet(folder: InstalledDependencies.ppocrModels(name))
        #expect(set.family == family)
        // Only PP-OCRv6 tiny says how to normalise its detector's input (ImageNet's statistics).
        #expect((set.detectorFormat.mean.blue == 0.485) == (name == "v6-tiny"))
        #expect((set.dictionary != nil) == (name == "v6-tiny"), "the tiny recogniser's dictionary is in its inference.yml")
        #expect((set.classifier != nil) == (name != "v6-tiny"))
        #expect(set.recognitionWidth == (name == "v6" ? 240 : 48), "only v6 small reads short lines better padded")

        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(
            models: set.folder, libraryPath: InstalledDependencies.onnxRuntimeLibrary, jobs: 1))
        #expect(engine.info.version == family)
        let page = try await engine.read(try TextRenderer.render("Invoice 2024-117\nTotal due 42.50"), options: RecognitionOptions())
        // PP-OCR's detector may find words as lines of their own.
        #expect(page.text.split(whereSeparator: \.isWhitespace) == ["Invoice", "2024-117", "Total", "due", "42.50"], "\(name): \(page.text)")
    }

    @Test func aNamedSetIsTheInstalledOneAndAnythingElseAFolder() {
        #expect(PPOCRModelSet.folder(for: "v6-tiny") == DataFolders.standard().locate("ppocr/v6-tiny"))
        #expect(PPOCRModelSet.folder(for: "/opt/models/mine") == "/opt/models/mine")
    }

    @Test func aSetWithoutItsDetectorIsRefusedNamingTheFolder() throws {
        let set = try copy("v6-tiny")
        try FileManager.default.removeItem(atPath: set + "/det/det.onnx")
        #expect {
            try PPOCRModelSet(folder: set)
        } throws: { error in
            let error = error as? OCRError
            return error?.code == .fileNotFound && error?.path == set && error?.reason.contains("no text detector") == true
        }
    }

    @Test func twoRecognisersInOneSetAreRefused() throws {
        let set = try copy("v6")
        try FileManager.default.copyItem(atPath: InstalledDependencies.ppocrModels("v4") + "/ch_PP-OCRv4_rec_infer.onnx",
                                         toPath: set + "/ch_PP-OCRv4_rec_infer.onnx")
        #expect(throws: OCRError.self) { try PPOCRModelSet(folder: set) }
    }

    @Test func aDictionaryThatIsNotTheModelsIsAClearError() async throws {
        let set = try copy("v6-tiny")
        let description = set + "/rec/inference.yml"
        let yaml = try String(contentsOfFile: description, encoding: .utf8)
        // One character fewer ("!", the first); the file's lines end in CR LF.
        try yaml.replacingOccurrences(of: "  - '!'", with: "").write(toFile: description, atomically: true, encoding: .utf8)
        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(
            models: set, libraryPath: InstalledDependencies.onnxRuntimeLibrary, jobs: 1))
        await #expect {
            try await engine.read(try TextRenderer.render("Total 42.50"), options: RecognitionOptions())
        } throws: { error in
            let error = error as? OCRError
            return error?.path == set + "/rec/rec.onnx" && error?.reason.contains("the dictionary is not this model's") == true
        }
    }

    /// A copy of the installed set `name`, to spoil.
    private func copy(_ name: String) throws -> String {
        let copy = folder.file(name)
        try FileManager.default.copyItem(atPath: InstalledDependencies.ppocrModels(name), toPath: copy)
        return copy
    }
}
