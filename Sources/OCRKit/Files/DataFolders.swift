import Foundation

/// Where OCRKit keeps its data: the model sets and ONNX Runtime's library it does not build in,
/// found where `ocr models install` puts them, and the queue's database. The one rule for all
/// of them: OCRKit's own folder is `$OCRKIT_HOME` when set, else the user's (``home(environment:)``).
/// Models and the library are looked for in these places, in order, and the first that holds
/// one wins:
///
/// | place | models (`ppocr/v6`, `ndlocr`) | ONNX Runtime's library |
/// |---|---|---|
/// | `$OCRKIT_HOME`, when set | `models/` | `lib/` |
/// | the user's, `$XDG_DATA_HOME/ocrkit` (`~/.local/share/ocrkit`) | `models/` | `lib/` |
/// | the prefix the running program is installed under (`PREFIX/bin/ocr`) | `PREFIX/share/ocrkit/models` | `PREFIX/lib/ocrkit` |
/// | the system's, each of `$XDG_DATA_DIRS` (`/usr/local/share`, `/usr/share`) | `ocrkit/models` | the dynamic loader's own search |
///
/// A folder given in code (`PPOCREngine.Configuration(models:)`) or with `--models` comes before
/// all of them. Nothing depends on the current directory.
///
/// ```swift
/// let folders = DataFolders.standard()
/// print(folders.locate("ppocr/v6") ?? "not installed")       // the PP-OCRv6 small set, if installed
/// print(folders.destination.models)                          // where `ocr models install` puts sets
/// ```
public struct DataFolders: Sendable, Hashable {
    /// One place looked in: a folder of models and, but for the system's, a folder of libraries.
    public struct Place: Sendable, Hashable {
        /// What the place is, for people: `OCRKIT_HOME`, `user`, `prefix` or `system`.
        public var name: String
        /// The folder whose `ppocr/NAME` and `ndlocr` folders hold model sets.
        public var models: String
        /// The folder that may hold ONNX Runtime's library; `nil` where the dynamic loader's own
        /// search stands instead.
        public var libraries: String?

        public init(name: String, models: String, libraries: String?) {
            self.name = name
            self.models = models
            self.libraries = libraries
        }

        /// A folder laid out as OCRKit's own: `models/` and `lib/` inside it.
        static func home(_ name: String, _ folder: String) -> Place {
            Place(name: name, models: folder + "/models", libraries: folder + "/lib")
        }

        /// The place of an `ocr` installed as `PREFIX/bin/ocr`: `PREFIX/share/ocrkit/models` and
        /// `PREFIX/lib/ocrkit`.
        public static func prefix(_ prefix: String) -> Place {
            Place(name: "prefix", models: prefix + "/share/ocrkit/models", libraries: prefix + "/lib/ocrkit")
        }
    }

    /// The places, in the order they are looked in.
    public var places: [Place]

    public init(places: [Place]) {
        self.places = places
    }

    /// The places of the table above, from `environment` and the running program's path.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment,
                                executable: URL? = Bundle.main.executableURL) -> DataFolders {
        var places: [Place] = []
        if let home = environment["OCRKIT_HOME"], !home.isEmpty {
            places.append(.home("OCRKIT_HOME", home))
        }
        places.append(.home("user", userFolder(environment: environment)))
        if let prefix = installPrefix(of: executable) {
            places.append(.prefix(prefix))
        }
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for folder in system.split(separator: ":") where folder.hasPrefix("/") {
            let models = trimmed(String(folder)) + "/ocrkit/models"
            // An `ocr` installed under /usr/local has its prefix's folder among the system's.
            if !places.contains(where: { $0.models == models }) {
                places.append(Place(name: "system", models: models, libraries: nil))
            }
        }
        return DataFolders(places: places)
    }

    /// Where `ocr models install` puts what it fetches: `$OCRKIT_HOME` when set, else the user's
    /// folder; the first two places.
    public var destination: Place { places[0] }

    /// OCRKit's own folder, which holds what it keeps for the user (`models/`, `lib/`, the
    /// queue's `queue.sqlite`): `$OCRKIT_HOME` when set, else `$XDG_DATA_HOME/ocrkit`, else
    /// `~/.local/share/ocrkit`. A relative `XDG_DATA_HOME` is ignored, as the XDG base directory
    /// specification has it.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["OCRKIT_HOME"], !home.isEmpty { return trimmed(home) }
        return userFolder(environment: environment)
    }

    /// The first model folder holding `relative` (such as `ppocr/v6`), or `nil`.
    public func locate(_ relative: String) -> String? {
        places.lazy.map { "\($0.models)/\(relative)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// `relative` (such as `ppocr/v6`) in the first model folder holding it, else where
    /// `ocr models install` would put it, so that an error about a missing model names that path.
    public func model(_ relative: String) -> String {
        locate(relative) ?? "\(destination.models)/\(relative)"
    }

    /// The paths of `library` (such as `libonnxruntime.so.1`) in each place that has a folder of
    /// libraries, in order; the dynamic loader's search comes after them.
    public func libraryCandidates(_ library: String) -> [String] {
        places.compactMap { $0.libraries.map { "\($0)/\(library)" } }
    }

    /// `$XDG_DATA_HOME/ocrkit`, else `~/.local/share/ocrkit`, as the XDG base directory
    /// specification has it (a relative `XDG_DATA_HOME` is ignored).
    static func userFolder(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return trimmed(data) + "/ocrkit" }
        return homeFolder(environment: environment) + "/.local/share/ocrkit"
    }

    /// `$HOME`, else the account's home folder.
    package static func homeFolder(environment: [String: String]) -> String {
        trimmed(environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory())
    }

    /// `PREFIX` when the program is `PREFIX/bin/NAME`, links followed: an installed tool.
    static func installPrefix(of executable: URL?) -> String? {
        guard let folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent(),
              folder.lastPathComponent == "bin" else { return nil }
        return trimmed(folder.deletingLastPathComponent().path)
    }

    private static func trimmed(_ folder: String) -> String {
        folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
}
