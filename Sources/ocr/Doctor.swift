import ArgumentParser
import OCRKit
import OCRKitEngines

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Say which engines are ready here, what is missing, and the command that fixes it.",
        discussion: """
            Lists each engine (ready or missing, with why and what to run), the tools OCRKit uses, \
            Tesseract's languages by script and the packages that bring the scripts none reads, \
            the ONNX Runtime and model sets in use, and the folders looked in for models and \
            libraries, in order. Exits with status 1 when the default engine, auto, cannot read \
            with both PP-OCR and Tesseract.
            """
    )

    func run() throws {
        let diagnosis = Diagnosis()
        var report = OCRCommand.version + "\n\nEngines\n" + Self.table(diagnosis.engines) + "\nTools\n" + Self.table(diagnosis.tools)
        report += "\n" + Self.languagesReport(diagnosis) + "\n" + Self.modelsReport(diagnosis.models)
        print(report, terminator: "")
        if !diagnosis.isReady { throw ExitCode.failure }
    }

    /// Tesseract's languages by script, and what brings a language of the others.
    static func languagesReport(_ diagnosis: Diagnosis) -> String {
        var lines = ["Languages, by script (pages without --lang are read in the first of their script's)"]
        for (script, languages) in diagnosis.languagesByScript {
            lines.append("  \(script.name.padding(toLength: 15, withPad: " ", startingAt: 0)) \(languages.joined(separator: ", "))")
        }
        let missing = diagnosis.missingLanguages
        if !missing.isEmpty {
            lines.append("  Not read, until a language of theirs is installed:")
            lines += missing.map { "    \($0.script.name.padding(toLength: 30, withPad: " ", startingAt: 0)) apt-get install \($0.package)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The runtime and model sets in use, and the folders looked in.
    static func modelsReport(_ models: Diagnosis.Models) -> String {
        var lines = ["Runtime and models", row(models.runtime)]
        for set in models.sets {
            lines.append(row(Diagnosis.Finding(name: "ppocr " + set.name, detail: set.folder ?? "",
                                               problem: set.folder == nil ? "not installed: ocr models install \(set.name)" : nil)))
        }
        for model in models.structureModels {
            lines.append(row(Diagnosis.Finding(name: "structure " + model.name, detail: model.file ?? "",
                                               problem: model.file == nil ? "not installed: ocr models install \(model.name)" : nil)))
        }
        lines += ["", "Looked in, in order (models; libraries)"]
        for place in models.folders.places {
            lines.append("  \(place.name.padding(toLength: 15, withPad: " ", startingAt: 0)) \(place.models)"
                + "; \(place.libraries ?? "the system's, through the dynamic loader")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func table(_ findings: [Diagnosis.Finding]) -> String {
        findings.map(row).joined(separator: "\n") + "\n"
    }

    private static func row(_ finding: Diagnosis.Finding) -> String {
        let name = finding.name.padding(toLength: max(15, finding.name.count + 1), withPad: " ", startingAt: 0)
        if let problem = finding.problem { return "  \(name) missing  \(problem)" }
        return "  \(name) ready    \(finding.detail)"
    }
}
