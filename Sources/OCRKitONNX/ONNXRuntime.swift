internal import CONNXRuntime
import Foundation
import OCRKit
import Synchronization

/// ONNX Runtime, loaded at run time with `dlopen`, so that OCRKit builds and runs without it and
/// only the ONNX engines need it.
///
/// ```swift
/// let runtime = try ONNXRuntime.shared()
/// let page = try await PPOCREngine().read(bitmap)
/// print(runtime.inferenceTime)   // the models' part of the time it took
/// ```
public final class ONNXRuntime: @unchecked Sendable {
    /// Where the library is looked for, in order, when no path is given: the file
    /// `OCRKIT_ONNXRUNTIME_LIBRARY` names, `libonnxruntime.so.1` in the folders of
    /// ``OCRKit/DataFolders`` (where `ocr models install` and `scripts/install` put it), then the
    /// system's, through the dynamic loader's search (Debian's `libonnxruntime1.21`, or one
    /// installed under /usr/local/lib).
    public static var searchPaths: [String] {
        var paths: [String] = []
        if let path = ProcessInfo.processInfo.environment["OCRKIT_ONNXRUNTIME_LIBRARY"], !path.isEmpty { paths.append(path) }
        paths += DataFolders.standard().libraryCandidates(libraryName)
        paths += [libraryName, "libonnxruntime.so"]
        return paths
    }

    /// The library's file name, as its soname gives it.
    public static let libraryName = "libonnxruntime.so.1"

    #if OCRKIT_ONNXRUNTIME
    // `@unchecked Sendable`: the API table and the environment are immutable after loading, and
    // ONNX Runtime's environment is documented as safe to share between threads.
    let api: UnsafePointer<OrtApi>
    let environment: OpaquePointer
    #endif
    /// The library's file, links followed.
    public let libraryPath: String
    /// The library's version, such as `1.31.1`.
    public let version: String

    private static let loaded = Mutex<[String: ONNXRuntime]>([:])
    private let runNanoseconds = Atomic<Int>(0)

    /// The time the models' own runs have taken, summed over every session and thread: set
    /// beside the time taken to read pages, it shows what the engines add to the models.
    public var inferenceTime: Duration {
        .nanoseconds(runNanoseconds.load(ordering: .relaxed))
    }

    /// The inference time of every runtime this process has loaded, or `nil` if it loaded none.
    public static var loadedInferenceTime: Duration? {
        loaded.withLock { cache in
            cache.isEmpty ? nil : cache.values.reduce(.zero) { $0 + $1.inferenceTime }
        }
    }

    func recordRun(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        runNanoseconds.add(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000), ordering: .relaxed)
    }

    /// The runtime at `libraryPath`, or the first found in ``searchPaths``, loaded once a process.
    ///
    /// - Throws: ``OCRError/Code/engineUnavailable`` saying what to install when it is not found.
    public static func shared(libraryPath: String? = nil) throws -> ONNXRuntime {
        let candidates = libraryPath.map { [$0] } ?? searchPaths
        // Looked up and loaded under one lock: two first callers at once would otherwise load two
        // runtimes, and one's inference time would go uncounted.
        return try loaded.withLock { cache throws -> ONNXRuntime in
            if let cached = candidates.compactMap({ cache[$0] }).first { return cached }
            #if OCRKIT_ONNXRUNTIME
            var tried: [String] = []
            for candidate in candidates {
                guard let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                    tried.append(candidate)
                    continue
                }
                // One runtime a library, however it was named: ONNX Runtime has one environment a
                // process, and its allocator is registered with it once.
                let file = Self.file(of: handle) ?? candidate
                if let same = cache.values.first(where: { $0.libraryPath == file }) {
                    cache[candidate] = same
                    return same
                }
                let runtime = try ONNXRuntime(handle: handle, path: file)
                cache[candidate] = runtime
                return runtime
            }
            throw OCRError(.engineUnavailable, reason: "ONNX Runtime's library was not found (tried \(tried.joined(separator: ", "))): "
                + "`ocr models install` fetches it, or set OCRKIT_ONNXRUNTIME_LIBRARY to a libonnxruntime.so.1; `ocr doctor` says what else is missing")
            #else
            throw builtWithoutHeaders
            #endif
        }
    }

    /// Whether OCRKit was built with ONNX Runtime's headers, without which no ONNX engine is.
    public static var isBuiltIn: Bool {
        #if OCRKIT_ONNXRUNTIME
        true
        #else
        false
        #endif
    }

    static let builtWithoutHeaders = OCRError(
        .engineUnavailable, reason: "OCRKit was built without ONNX Runtime's headers (onnxruntime/onnxruntime_c_api.h, in "
            + "/usr/include or /usr/local/include): install them (Debian 13 and Ubuntu 24.04: apt-get install libonnxruntime-dev), "
            + "then build again after scripts/rescan-headers (in an OCRKit checkout; in a package using it, "
            + "`swift package purge-cache` and touching its Package.swift), which forgets the earlier look; `ocr doctor` says more")

    #if OCRKIT_ONNXRUNTIME
    private init(handle: UnsafeMutableRawPointer, path: String) throws {
        typealias GetApiBase = @convention(c) () -> UnsafePointer<OrtApiBase>?
        guard let symbol = dlsym(handle, "OrtGetApiBase"),
              let base = unsafeBitCast(symbol, to: GetApiBase.self)(),
              let api = ocrkit_ort_api(base) else {
            throw OCRError(.engineUnavailable, path: path,
                           reason: "this library does not offer ONNX Runtime's API version \(ORT_API_VERSION) or later")
        }
        self.api = api
        libraryPath = path
        version = base.pointee.GetVersionString().map { String(cString: $0) } ?? "unknown"
        var environment: OpaquePointer?
        try ONNXRuntime.check(api, api.pointee.CreateEnv(ORT_LOGGING_LEVEL_ERROR, "ocrkit", &environment), path: path)
        guard let environment else { throw OCRError(.engineFailure, path: path, reason: "ONNX Runtime made no environment") }
        self.environment = environment
        // The allocator of sessions that release their memory (see ONNXSession's releasesMemory).
        var allocator: UnsafeMutablePointer<OrtAllocator>?
        try ONNXRuntime.check(api, ocrkit_ort_make_mapping_allocator(api, &allocator), path: path)
        try ONNXRuntime.check(api, api.pointee.RegisterAllocator(environment, allocator), path: path)
    }

    /// The file the library at `handle` was loaded from, as the dynamic loader found it, links
    /// followed.
    private static func file(of handle: UnsafeMutableRawPointer) -> String? {
        dlsym(handle, "OrtGetApiBase").flatMap { ocrkit_library_file($0) }
            .map { URL(fileURLWithPath: String(cString: $0)).resolvingSymlinksInPath().path }
    }

    /// Throws the error an ONNX Runtime call returned, if it returned one.
    static func check(_ api: UnsafePointer<OrtApi>, _ status: OpaquePointer?, path: String?) throws {
        guard let status else { return }
        defer { api.pointee.ReleaseStatus(status) }
        let message = api.pointee.GetErrorMessage(status).map { String(cString: $0) } ?? "unknown error"
        let code = api.pointee.GetErrorCode(status)
        throw OCRError(code == ORT_NO_SUCHFILE ? .fileNotFound : code == ORT_INVALID_PROTOBUF || code == ORT_INVALID_GRAPH
                       ? .corrupt : .engineFailure, path: path, reason: message)
    }

    func check(_ status: OpaquePointer?, path: String?) throws {
        try Self.check(api, status, path: path)
    }
    #endif
}
