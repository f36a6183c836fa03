import Foundation

/// How a ``TesseractEngine`` is set up: fixed for the engine's life, unlike the per-call
/// `RecognitionOptions`.
public struct TesseractConfiguration: Hashable, Sendable {
    /// How Tesseract segments pages.
    public var pageSegmentationMode: PageSegmentationMode
    /// The folder of `.traineddata` files; `nil` looks in `$TESSDATA_PREFIX`, then in the
    /// system's usual places.
    public var dataPath: String?
    /// How many images are read at once, each on its own thread with its own Tesseract instance.
    public var jobs: Int

    public init(
        pageSegmentationMode: PageSegmentationMode = .auto,
        dataPath: String? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.pageSegmentationMode = pageSegmentationMode
        self.dataPath = dataPath
        self.jobs = jobs
    }

    /// Where distributions install Tesseract's language data, newest first.
    static let systemDataPaths = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/opt/homebrew/share/tessdata",
    ]

    /// The languages whose data is installed where this configuration looks, such as
    /// `["eng", "osd", "script/Cyrillic"]`: the `.traineddata` files of the folder, and of its
    /// `script` folder, where Tesseract keeps its models of whole scripts.
    public var installedLanguages: [String] {
        guard let dataPath = resolvedDataPath() else { return [] }
        func models(in folder: String, prefix: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".traineddata") }.map { prefix + $0.dropLast(".traineddata".count) }
        }
        return (models(in: dataPath, prefix: "") + models(in: (dataPath as NSString).appendingPathComponent("script"), prefix: "script/"))
            .sorted()
    }

    /// The folder of language data this configuration uses, or `nil` when there is none.
    func resolvedDataPath() -> String? {
        if let dataPath { return dataPath }
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            // Tesseract accepts both the tessdata folder itself and its parent.
            let nested = (prefix as NSString).appendingPathComponent("tessdata")
            return FileManager.default.fileExists(atPath: nested) ? nested : prefix
        }
        return Self.systemDataPaths.first { FileManager.default.fileExists(atPath: $0) }
    }
}
