import Foundation
import OCRKit
import OCRKitEngines
import OCRKitModels
import OCRKitONNX
import OCRKitTestSupport
import Testing

/// The examples of where OCRKit finds its models and runtime, and of what installs them.
struct InstallingExamples {
    @Test func dataFolders() {
        // Example from Sources/OCRKit/Files/DataFolders.swift
        let folders = DataFolders.standard()
        print(folders.locate("ppocr/v6") ?? "not installed")       // the PP-OCRv6 small set, if installed
        print(folders.destination.models)                          // where `ocr models install` puts sets

        #expect(folders.destination.models.hasSuffix("/ocrkit/models"))
        #expect(folders.locate("ppocr/v6") == (InstalledDependencies.hasPPOCR ? InstalledDependencies.ppocrModels("v6") : nil))
    }

    @Test func installable() throws {
        // Example from Sources/OCRKitModels/Installable.swift
        for set in Installable.modelSets { print(set.name, set.summary) }   // v6 PP-OCRv6 small, ...
        let v4 = try Installable.named("v4")

        #expect(v4.kind == .modelSet && v4.wheel.file == "rapidocr_onnxruntime-1.4.4-py3-none-any.whl")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func pinnedWheelAndModelInstaller() async throws {
        // Example from Sources/OCRKitModels/PinnedWheel.swift
        let wheel = Installable.modelSets[0].wheel
        print(wheel.file, wheel.size)   // rapidocr-3.10.0-py3-none-any.whl 27288134
        let file = try await wheel.fetch(into: ModelInstaller.standardDownloads())   // its digest checked

        #expect(file.hasSuffix("/ocrkit/downloads/rapidocr-3.10.0-py3-none-any.whl"))

        // Example from Sources/OCRKitModels/ModelInstaller.swift
        let installer = ModelInstaller()                        // ~/.local/share/ocrkit
        let v6 = try await installer.install(Installable.modelSets[0])
        let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: v6.path))

        #expect(v6.wasInstalled && v6.path == InstalledDependencies.ppocrModels("v6"))
        #expect(engine.info.version == "PP-OCRv6 small")
    }

    @Test(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
    func diagnosis() {
        // Example from Sources/OCRKitEngines/Diagnosis.swift
        let diagnosis = Diagnosis()
        for engine in diagnosis.engines where engine.problem != nil {
            print(engine.name, engine.problem!)   // what is missing, and the command that fixes it
        }

        #expect(diagnosis.isReady)
        #expect(diagnosis.engines.filter { !$0.isReady }.map(\.name).allSatisfy { $0 == "ndlocr" })
    }
}
