import Foundation
import OCRKitEvaluation
import OCRKitTestSupport
import Testing

/// scripts/install into a prefix of the test's own, `ocr` run from another folder with nothing of
/// the checkout or the user's models in reach, then scripts/uninstall.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct InstalledToolTests {
    @Test(.timeLimit(.minutes(30)))
    func installedOCRReadsWithEveryEngineFromAnywhereAndUninstallsWithoutTrace() async throws {
        let prefix = try TemporaryFolder(), elsewhere = try TemporaryFolder(), noData = try TemporaryFolder()
        let root = SharedData.packageRoot.path
        // Not .build, which the running `swift test` holds: the folder scripts/test builds `ocr` in.
        let install = try await run(["scripts/install", "--prefix", prefix.path, "--scratch-path", "\(root)/.build-release"], in: root)
        try #require(install.status == 0, "scripts/install failed: \(install.errors)")

        let sample = elsewhere.file("letter.png")
        try FileManager.default.copyItem(atPath: "\(root)/Samples/letter.png", toPath: sample)
        // Only what the prefix holds: no user folder, no system folder, no variable pointing anywhere.
        let environment: [String: String?] = [
            "XDG_DATA_HOME": noData.path, "XDG_DATA_DIRS": noData.path, "OCRKIT_HOME": nil, "OCRKIT_ONNXRUNTIME_LIBRARY": nil,
            "PATH": "\(prefix.path)/bin:/usr/bin:/bin",
        ]
        let doctor = try await run(["ocr", "doctor"], in: elsewhere.path, environment: environment)
        #expect(doctor.status == 0, "\(doctor.output)\(doctor.errors)")
        #expect(doctor.output.contains("in \(prefix.path)/lib/ocrkit/libonnxruntime.so.1"), "\(doctor.output)")
        for set in ["v6", "v6-tiny", "v4"] {
            #expect(doctor.output.contains("ready    \(prefix.path)/share/ocrkit/models/ppocr/\(set)\n"), "\(doctor.output)")
        }

        let expected = try expectedText(of: "letter.png")
        for engine in ["auto", "tesseract", "ppocr"] {
            let read = try await run(["ocr", "read", "--engine", engine, "--format", "json", "letter.png"], in: elsewhere.path,
                                     environment: environment)
            try #require(read.status == 0, "ocr read --engine \(engine): \(read.errors)")
            let page = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any])
            // auto gives a page Tesseract is sure of to Tesseract alone; that it could have PP-OCR
            // is what its warning, required absent below, would deny.
            let allowed = engine == "auto" ? ["auto", "tesseract"] : [engine]
            #expect(allowed.contains((page["engine"] as? [String: Any])?["name"] as? String ?? ""), "\(read.output.prefix(300))")
            let text = page["text"] as? String ?? ""
            var score = CharacterErrorRate()
            score.add(reading: text, truth: expected)
            #expect(score.rate < 0.05, "--engine \(engine) read: \(text)")
            #expect(!read.errors.contains("Tesseract alone"), "\(read.errors)")
        }

        for file in ["bin/ocr", "lib/ocrkit/libonnxruntime.so.1", "share/man/man1/ocr.1", "share/bash-completion/completions/ocr",
                     "share/zsh/site-functions/_ocr", "share/fish/vendor_completions.d/ocr.fish"] {
            #expect(FileManager.default.fileExists(atPath: "\(prefix.path)/\(file)"), "\(file) is not installed")
        }
        let manual = try String(contentsOfFile: "\(prefix.path)/share/man/man1/ocr.1", encoding: .utf8)
        #expect(manual.contains(".Dt OCR 1") || manual.contains(".TH OCR"), "\(manual.prefix(200))")
        #expect(manual.contains("doctor") && manual.contains("models"), "the manual lists every command")
        let completion = try String(contentsOfFile: "\(prefix.path)/share/bash-completion/completions/ocr", encoding: .utf8)
        #expect(completion.contains("doctor"))

        let uninstall = try await run(["scripts/uninstall", "--prefix", prefix.path], in: root)
        #expect(uninstall.status == 0, "\(uninstall.errors)")
        #expect(files(under: prefix.path).isEmpty, "left behind: \(files(under: prefix.path))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.path).isEmpty)
    }

    /// The text of a sample image, from Samples/expected.txt.
    private func expectedText(of sample: String) throws -> String {
        let all = try String(contentsOfFile: SharedData.packageRoot.appendingPathComponent("Samples/expected.txt").path, encoding: .utf8)
        let sections = all.components(separatedBy: "==> Samples/")
        let section = try #require(sections.first { $0.hasPrefix(sample) })
        return section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
