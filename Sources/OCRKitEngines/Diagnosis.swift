import Foundation
import OCRKit
import OCRKitONNX
import OCRKitStraighten
import OCRKitTesseract

/// What OCRKit can do on this machine, what is missing, and what fixes it: each engine made as
/// ``EngineSettings`` makes it, the ONNX Runtime and model sets in use, Tesseract's languages,
/// and where OCRKit looked (``OCRKit/DataFolders``). `ocr doctor` prints it.
///
/// ```swift
/// let diagnosis = Diagnosis()
/// for engine in diagnosis.engines where engine.problem != nil {
///     print(engine.name, engine.problem!)   // what is missing, and the command that fixes it
/// }
/// ```
public struct Diagnosis: Sendable {
    /// One engine or tool: ready, with what it is, or not, with why and what fixes it.
    public struct Finding: Sendable, Hashable {
        public var name: String
        /// What is in use when ready, such as the model set's family and folder.
        public var detail: String
        /// Why it cannot be had, with the command that fixes it; `nil` when ready.
        public var problem: String?

        public var isReady: Bool { problem == nil }

        public init(name: String, detail: String, problem: String?) {
            self.name = name
            self.detail = detail
            self.problem = problem
        }
    }

    /// `auto`, `tesseract`, `ppocr` and `ndlocr`, as `ocr read --engine` names them.
    public var engines: [Finding]
    /// What else OCRKit uses: OpenCV to straighten photos, ffmpeg for `ocr live`'s videos.
    public var tools: [Finding]
    /// The ONNX Runtime and model sets in use, and where they were looked for.
    public var models: Models
    /// The languages Tesseract has data for, such as `["eng", "osd"]`.
    public var tesseractLanguages: [String]

    /// Each script with the installed languages written in it (its main script), in
    /// ``OCRKit/Script``'s order: what pages of each script are read in without `--lang`.
    public var languagesByScript: [(script: Script, languages: [String])] {
        Script.allCases.compactMap { script in
            let languages = script.languages(among: tesseractLanguages)
            return languages.isEmpty ? nil : (script, languages)
        }
    }

    /// The scripts no installed language reads, each with the package that brings its default
    /// language (``OCRKit/MissingLanguage``).
    public var missingLanguages: [MissingLanguage] {
        let read = Set(languagesByScript.map(\.script))
        return Script.allCases.filter { !read.contains($0) }.map(MissingLanguage.init(script:))
    }

    /// What the ONNX engines load, and from where: `ocr models list`.
    public struct Models: Sendable {
        /// The ONNX Runtime the engines load, or why none loads.
        public var runtime: Finding
        /// Each model set `ocr models install` knows, with the folder it is found in.
        public var sets: [(name: String, folder: String?)]
        /// The models that read a page's structure (`tables`, `layout`), with the file each is found at.
        public var structureModels: [(name: String, file: String?)]
        /// Where models and libraries were looked for, in order.
        public var folders: DataFolders
    }

    /// Whether the default engine, `auto`, reads with both its engines.
    public var isReady: Bool { engines.first { $0.name == EngineChoice.auto.rawValue }?.isReady ?? false }

    public init() {
        var settings = EngineSettings(jobs: 1)
        settings.logger.logLevel = .critical
        // ppocr first: `auto` without it is made as Tesseract alone, and says why.
        var ppocrProblem: String?
        func finding(_ choice: EngineChoice, _ detail: (any OCREngine) -> String) -> Finding {
            settings.choice = choice
            do {
                let engine = try settings.pageEngine()
                guard engine.info.name == choice.rawValue else {
                    return Finding(name: choice.rawValue, detail: "Tesseract alone",
                                   problem: "reads with Tesseract alone, as ppocr: \(ppocrProblem ?? "it could not be made")")
                }
                return Finding(name: choice.rawValue, detail: detail(engine), problem: nil)
            } catch {
                return Finding(name: choice.rawValue, detail: "", problem: "\(error)")
            }
        }
        let ppocr = finding(.ppocr) { "\($0.info.version) in \(PPOCREngine.Configuration.installedModels)" }
        ppocrProblem = ppocr.problem
        var languages: [String] = []
        let tesseract = finding(.tesseract) { engine in
            languages = (((engine as? ScriptAwareEngine)?.engine ?? engine) as? TesseractPageEngine)?.tesseract.installedLanguages ?? []
            return "Tesseract \(engine.info.version), \(languages.filter { $0 != "osd" }.count) languages (below)"
        }
        tesseractLanguages = languages
        engines = [
            finding(.auto) { _ in "PP-OCR and Tesseract, line by line" },
            tesseract,
            ppocr,
            finding(.ndlocr) { _ in "NDLOCR-Lite in \(NDLOCREngine.Configuration.installedModels)" },
        ]
        tools = [
            Finding(name: "straighten", detail: "OpenCV, for --straighten", problem: PageStraightener.unavailability),
            Self.program("ffmpeg", for: "ocr live's videos and streams", fix: "apt-get install ffmpeg"),
            Self.scriptDetection(),
        ]
        models = Self.models()
    }

    /// The runtime and model sets in use, without making any engine.
    public static func models(folders: DataFolders = .standard()) -> Models {
        let runtime: Finding
        do {
            let loaded = try ONNXRuntime.shared()
            runtime = Finding(name: "ONNX Runtime", detail: "\(loaded.version) in \(loaded.libraryPath)", problem: nil)
        } catch {
            runtime = Finding(name: "ONNX Runtime", detail: "", problem: "\(error)")
        }
        let structureModels = [("tables", SLANetModel.installedFile(in: folders)), ("layout", PicoDetLayoutModel.installedFile(in: folders))]
            .map { name, file in (name, FileManager.default.fileExists(atPath: file) ? Optional(file) : nil) }
        return Models(runtime: runtime, sets: PPOCRModelSet.installedNames.map { ($0, folders.locate("ppocr/\($0)")) },
                      structureModels: structureModels, folders: folders)
    }

    /// Tesseract's script detection, which chooses the language of pages read without one.
    private static func scriptDetection() -> Finding {
        do {
            _ = try TesseractScriptDetector(configuration: TesseractConfiguration(jobs: 1))
            return Finding(name: "scripts", detail: "Tesseract's script detection, for pages read without --lang", problem: nil)
        } catch {
            return Finding(name: "scripts", detail: "", problem: "pages are read in English unless --lang says otherwise: \(error)")
        }
    }

    /// A program found on the `PATH`, or what installs it.
    private static func program(_ name: String, for use: String, fix: String) -> Finding {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return Finding(name: name, detail: path.map { "\($0), for \(use)" } ?? "",
                       problem: path == nil ? "\(name) is not installed, and \(use) need it: \(fix)" : nil)
    }
}
