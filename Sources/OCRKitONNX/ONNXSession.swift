import CONNXRuntime
import Foundation
import OCRKit

/// A float tensor: its shape and its values in row-major order.
public struct Tensor: Sendable, Equatable {
    public var shape: [Int]
    public var values: [Float]

    public init(shape: [Int], values: [Float]) {
        precondition(shape.reduce(1, *) == values.count, "A tensor's values must fill its shape")
        self.shape = shape
        self.values = values
    }
}

/// A loaded ONNX model, ready to run. ONNX Runtime allows concurrent `Run` calls on one session,
/// so a session is shared by every worker that uses its model.
///
/// ```swift
/// let session = try ONNXSession(runtime: .shared(), model: "rec.onnx", threads: 1)
/// let outputs = try session.run([session.inputNames[0]: Tensor(shape: [1, 3, 48, 320], values: pixels)])
/// ```
public final class ONNXSession: @unchecked Sendable {
    public let modelPath: String
    public let inputNames: [String]
    public let outputNames: [String]

    #if OCRKIT_ONNXRUNTIME
    // `@unchecked Sendable`: the session is immutable after loading and ONNX Runtime documents
    // Run as safe to call from several threads at once.
    private let runtime: ONNXRuntime
    private let session: OpaquePointer
    private let memoryInfo: OpaquePointer
    #endif

    /// Loads `model`, with `threads` threads for each run's operators.
    ///
    /// - Throws: an ``OCRError`` naming the model: not found, corrupt, or not loadable.
    public init(runtime: ONNXRuntime, model: String, threads: Int = 1) throws {
        modelPath = model
        #if OCRKIT_ONNXRUNTIME
        guard FileManager.default.fileExists(atPath: model) else {
            throw OCRError(.fileNotFound, path: model, reason: "no such model file")
        }
        self.runtime = runtime
        let api = runtime.api.pointee
        var options: OpaquePointer?
        try runtime.check(api.CreateSessionOptions(&options), path: model)
        defer { api.ReleaseSessionOptions(options) }
        try runtime.check(api.SetIntraOpNumThreads(options, Int32(threads)), path: model)
        try runtime.check(api.SetInterOpNumThreads(options, 1), path: model)
        try runtime.check(api.SetSessionGraphOptimizationLevel(options, ORT_ENABLE_ALL), path: model)
        var session: OpaquePointer?
        try runtime.check(api.CreateSession(runtime.environment, model, options, &session), path: model)
        guard let session else { throw OCRError(.engineFailure, path: model, reason: "ONNX Runtime made no session") }
        self.session = session
        var memoryInfo: OpaquePointer?
        try runtime.check(api.CreateCpuMemoryInfo(OrtArenaAllocator, OrtMemTypeDefault, &memoryInfo), path: model)
        self.memoryInfo = memoryInfo!

        var allocator: UnsafeMutablePointer<OrtAllocator>?
        try runtime.check(api.GetAllocatorWithDefaultOptions(&allocator), path: model)
        func names(count: (OpaquePointer?, UnsafeMutablePointer<Int>?) -> OpaquePointer?,
                   name: (OpaquePointer?, Int, UnsafeMutablePointer<OrtAllocator>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OpaquePointer?)
            throws -> [String] {
            var total = 0
            try runtime.check(count(session, &total), path: model)
            return try (0..<total).map { index in
                var value: UnsafeMutablePointer<CChar>?
                try runtime.check(name(session, index, allocator, &value), path: model)
                defer { _ = api.AllocatorFree(allocator, value) }
                return value.map { String(cString: $0) } ?? ""
            }
        }
        inputNames = try names(count: { api.SessionGetInputCount($0, $1) }, name: { api.SessionGetInputName($0, $1, $2, $3) })
        outputNames = try names(count: { api.SessionGetOutputCount($0, $1) }, name: { api.SessionGetOutputName($0, $1, $2, $3) })
        #else
        throw ONNXRuntime.builtWithoutHeaders
        #endif
    }

    #if OCRKIT_ONNXRUNTIME
    deinit {
        runtime.api.pointee.ReleaseMemoryInfo(memoryInfo)
        runtime.api.pointee.ReleaseSession(session)
    }
    #endif

    /// The model's custom metadata for `key`, such as PP-OCR's `character` dictionary.
    public func metadata(_ key: String) throws -> String? {
        #if OCRKIT_ONNXRUNTIME
        let api = runtime.api.pointee
        var metadata: OpaquePointer?
        try runtime.check(api.SessionGetModelMetadata(session, &metadata), path: modelPath)
        defer { api.ReleaseModelMetadata(metadata) }
        var allocator: UnsafeMutablePointer<OrtAllocator>?
        try runtime.check(api.GetAllocatorWithDefaultOptions(&allocator), path: modelPath)
        var value: UnsafeMutablePointer<CChar>?
        try runtime.check(api.ModelMetadataLookupCustomMetadataMap(metadata, allocator, key, &value), path: modelPath)
        guard let value else { return nil }
        defer { _ = api.AllocatorFree(allocator, value) }
        return String(cString: value)
        #else
        return nil
        #endif
    }

    /// Runs the model on `inputs`, by input name, and returns every output, by name.
    public func run(_ inputs: [String: Tensor]) throws -> [String: Tensor] {
        #if OCRKIT_ONNXRUNTIME
        let api = runtime.api.pointee
        var values: [OpaquePointer?] = []
        defer { values.forEach { api.ReleaseValue($0) } }
        var storage = inputNames.map { inputs[$0]?.values ?? [] }
        for (index, name) in inputNames.enumerated() {
            guard let input = inputs[name] else {
                throw OCRError(.invalidOption, path: modelPath, reason: "no value for the model's input \(name)")
            }
            let shape = input.shape.map(Int64.init)
            var value: OpaquePointer?
            try storage[index].withUnsafeMutableBytes { bytes in
                try runtime.check(api.CreateTensorWithDataAsOrtValue(
                    memoryInfo, bytes.baseAddress, bytes.count, shape, shape.count,
                    ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &value), path: modelPath)
            }
            values.append(value)
        }
        var outputs = [OpaquePointer?](repeating: nil, count: outputNames.count)
        defer { outputs.forEach { api.ReleaseValue($0) } }
        let start = ContinuousClock.now
        try withCStrings(inputNames) { inputPointers in
            try withCStrings(outputNames) { outputPointers in
                try values.withUnsafeBufferPointer { inputValues in
                    try runtime.check(api.Run(session, nil, inputPointers, inputValues.baseAddress.map { UnsafePointer($0) },
                                              inputNames.count, outputPointers, outputNames.count, &outputs), path: modelPath)
                }
            }
        }
        runtime.recordRun(ContinuousClock.now - start)
        var results: [String: Tensor] = [:]
        for (name, output) in zip(outputNames, outputs) {
            var info: OpaquePointer?
            try runtime.check(api.GetTensorTypeAndShape(output, &info), path: modelPath)
            defer { api.ReleaseTensorTypeAndShapeInfo(info) }
            var rank = 0
            try runtime.check(api.GetDimensionsCount(info, &rank), path: modelPath)
            var dimensions = [Int64](repeating: 0, count: rank)
            try runtime.check(api.GetDimensions(info, &dimensions, rank), path: modelPath)
            var data: UnsafeMutableRawPointer?
            try runtime.check(api.GetTensorMutableData(output, &data), path: modelPath)
            let shape = dimensions.map(Int.init)
            let count = shape.reduce(1, *)
            let floats = data.map { Array(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: Float.self), count: count)) } ?? []
            results[name] = Tensor(shape: shape, values: floats)
        }
        return results
        #else
        return [:]
        #endif
    }
}

/// Calls `body` with the strings as an array of C strings, valid for the call.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> Result) rethrows -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return try body(copies.map { UnsafePointer($0) })
}
