import Foundation
import OCRKitONNX
import OCRKitTestSupport
import Testing

/// A package of a user's, in a folder of its own, that depends on a clean clone of OCRKit by a
/// `file://` git URL, as it would on GitHub: built as SwiftPM builds dependencies (nothing of this
/// checkout's in reach: no .deps, no current directory), run from another folder.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR && ONNXRuntime.isBuiltIn,
                "needs ONNX Runtime's headers and library (scripts/setup) and the PP-OCR models (ocr models install all)"))
struct DependentPackageTests {
    @Test(.timeLimit(.minutes(20)))
    func aDependentBuildsEveryEngineAndReadsWithPPOCR() async throws {
        let work = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        // The clone holds what is committed here, on a branch of its own that the app names.
        let clone = work.file("OCRKit")
        let cloned = try await run(["git", "clone", "--quiet", "--no-hardlinks", SharedData.packageRoot.path, clone], in: work.path)
        try #require(cloned.status == 0, "git clone failed: \(cloned.errors)")
        let branch = try await run(["git", "-C", clone, "checkout", "--quiet", "-B", "under-test"], in: work.path)
        try #require(branch.status == 0, "\(branch.errors)")

        let app = work.file("App")
        try FileManager.default.createDirectory(atPath: "\(app)/Sources/App", withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [.package(url: "file://\(clone)", branch: "under-test")],
                targets: [
                    .executableTarget(name: "App", dependencies: [
                        .product(name: "OCRKit", package: "OCRKit"), .product(name: "OCRKitEngines", package: "OCRKit"),
                    ]),
                ]
            )
            """.write(toFile: "\(app)/Package.swift", atomically: true, encoding: .utf8)
        // The README's library example, with each engine's name printed beside what it read.
        try """
            import OCRKit
            import OCRKitEngines

            for choice in [EngineChoice.auto, .ppocr] {
                let reader = try PageReader(settings: EngineSettings(choice))
                let page = try await reader.read(CommandLine.arguments[1])
                print(choice.rawValue, page.engine.name, page.engine.version, page.text.split(separator: "\\n").joined(separator: " "), separator: "\\t")
            }
            """.write(toFile: "\(app)/Sources/App/main.swift", atomically: true, encoding: .utf8)

        let build = try await run(["swift", "build", "--package-path", app], in: work.path)
        try #require(build.status == 0, "the dependent package did not build:\n\(build.output.suffix(3000))\(build.errors.suffix(2000))")

        try FileManager.default.copyItem(atPath: SharedData.packageRoot.appendingPathComponent("Samples/receipt.jpg").path,
                                        toPath: elsewhere.file("receipt.jpg"))
        let read = try await run(["\(app)/.build/debug/App", "receipt.jpg"], in: elsewhere.path)
        try #require(read.status == 0, "the dependent package could not read: \(read.errors)")
        let lines = read.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        try #require(lines.count == 2, "\(read.output)\(read.errors)")
        // auto gives a clean page Tesseract is sure of to Tesseract alone, so its page may name
        // either; that it could have PP-OCR is what its warning would deny.
        #expect(lines[0].first == "auto" && ["auto", "tesseract"].contains(lines[0][1]), "\(lines[0])")
        #expect(!read.errors.contains("Tesseract alone"), "auto could not have PP-OCR: \(read.errors)")
        #expect(lines[1].prefix(3) == ["ppocr", "ppocr", "PP-OCRv6 small"], "\(lines[1])")
        for line in lines {
            #expect(line.last?.contains("TOTAL") == true, "\(line)")
        }
    }
}
