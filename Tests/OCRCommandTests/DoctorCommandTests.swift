import Foundation
import OCRKitTestSupport
import Testing

/// `ocr doctor` and `ocr models list`: what is ready, and what fixes what is not.
@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason), .heavy)
struct DoctorCommandTests {
    @Test func saysEveryEngineOfAutoIsReadyWithTheRuntimeAndModelsInUse() async throws {
        let result = try await ocr(["doctor"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        for engine in ["auto", "tesseract", "ppocr"] {
            #expect(result.output.contains("\n  \(engine.padding(toLength: 15, withPad: " ", startingAt: 0)) ready"), "\(result.output)")
        }
        #expect(result.output.contains("ready    Tesseract 5"), "\(result.output)")
        // What else the machine has installed is not this test's business: English, and Cyrillic
        // and Arabic (scripts/setup installs them), with the package of a script none reads.
        #expect(result.output.contains("\n  Latin           ") && result.output.contains(" eng"), "\(result.output)")
        #expect(result.output.contains("\n  Cyrillic        rus"), "\(result.output)")
        #expect(result.output.contains("\n  scripts         ready"), "\(result.output)")
        #expect(result.output.contains("Cherokee                       apt-get install tesseract-ocr-chr")
                || !result.output.contains("Not read"), "\(result.output)")
        #expect(result.output.contains("ready    \(InstalledDependencies.ppocrModels("v6"))\n"), "\(result.output)")
        #expect(result.output.contains("in \(InstalledDependencies.onnxRuntimeLibrary)"), "\(result.output)")
    }

    /// The build says which commit it is of: a user's report names the code that ran.
    @Test func versionAndDoctorNameTheCommitBuilt() async throws {
        let commit = try Tool.output("git", ["rev-parse", "--short=7", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try await ocr(["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("ocr 0.1.0 (unreleased), commit \(commit)"), "\(version.output)")
        let doctor = try await ocr(["doctor"])
        #expect(doctor.output.hasPrefix(version.output.trimmingCharacters(in: .newlines) + "\n\nEngines\n"), "\(doctor.output)")
    }

    @Test func withNoModelsInReachNamesTheCommandThatInstallsThemAndFails() async throws {
        let empty = try TemporaryFolder()
        let result = try await ocr(["doctor"], environment: ["XDG_DATA_HOME": empty.path, "XDG_DATA_DIRS": empty.path])
        #expect(result.status == 1)
        #expect(result.output.contains("auto            missing  reads with Tesseract alone, as ppocr: "), "\(result.output)")
        #expect(result.output.contains("ppocr v6        missing  not installed: ocr models install v6"), "\(result.output)")
        #expect(result.output.contains("user            \(empty.path)/ocrkit/models; \(empty.path)/ocrkit/lib"), "\(result.output)")
        #expect(!result.output.contains("scripts/"), "a message names a script the user's project does not have")
    }

    @Test func modelsListShowsWhereEachSetIs() async throws {
        let result = try await ocr(["models", "list"])
        #expect(result.status == 0)
        for set in ["v6", "v6-tiny", "v4"] {
            #expect(result.output.contains("ready    \(InstalledDependencies.ppocrModels(set))\n"), "\(result.output)")
        }
        if InstalledDependencies.hasLayoutModel {
            #expect(result.output.contains("structure tables  ready    ") && result.output.contains("structure layout  ready    "), "\(result.output)")
        }
    }

    @Test func installRefusesANameItDoesNotKnowAndSaysWhichItDoes() async throws {
        let result = try await ocr(["models", "install", "v5"], environment: ["XDG_DATA_HOME": try TemporaryFolder().path])
        #expect(result.status == 1)
        #expect(result.errors.contains("nothing to install is called 'v5': there are v6, v6-tiny, v4, tables, layout, onnxruntime"), "\(result.errors)")
    }
}
