internal import CONNXRuntime
import Foundation
import OCRKit

/// A tensor: its shape, its values in row-major order, and the element type the model sees.
///
/// Values are held as `Float` whatever the model's type: the integer tensors OCR models use
/// (labels, image sizes) are small whole numbers, which a `Float` holds exactly.
struct Tensor: Sendable, Equatable {
    /// The element types OCRKit's models take and give.
    enum Element: Sendable {
        case float, int64
    }

    var shape: [Int]
    var values: [Float]
    var element: Element

    init(shape: [Int], values: [Float], element: Element = .float) {
        precondition(shape.reduce(1, *) == values.count, "A tensor's values must fill its shape")
        self.shape = shape
        self.values = values
        self.element = element
    }
}

/// An output of a run where ONNX Runtime left it, valid only inside the run's `reading` body.
struct OutputView {
    let shape: [Int]
    let element: Tensor.Element
    fileprivate let data: UnsafeRawPointer?

    private var count: Int { data == nil ? 0 : shape.reduce(1, *) }

    /// The values of a float output.
    var floats: UnsafeBufferPointer<Float> {
        precondition(element == .float, "Only a float output's values are floats")
        return UnsafeBufferPointer(start: data?.assumingMemoryBound(to: Float.self), count: count)
    }

    /// A copy that outlives the run.
    var tensor: Tensor {
        switch element {
        case .float:
            return Tensor(shape: shape, values: Array(floats))
        case .int64:
            let integers = UnsafeBufferPointer(start: data?.assumingMemoryBound(to: Int64.self), count: count)
            return Tensor(shape: shape, values: integers.map { Float($0) }, element: .int64)
        }
    }
}

/// A loaded ONNX model, ready to run. ONNX Runtime allows concurrent `Run` calls on one session,
/// so a session is shared by every worker that uses its model.
final class ONNXSession: @unchecked Sendable {
    let modelPath: String
    /// How many threads each run's operators take.
    let threads: Int
    let inputNames: [String]
    let outputNames: [String]
    /// The shape of each input, in the order of ``inputNames``; -1 stands for a size the model
    /// leaves free.
    let inputShapes: [[Int]]
    /// The shape of each output, in the order of ``outputNames``, -1 for free sizes.
    let outputShapes: [[Int]]

    #if OCRKIT_ONNXRUNTIME
    // `@unchecked Sendable`: the session is immutable after loading and ONNX Runtime documents
    // Run as safe to call from several threads at once.
    private let runtime: ONNXRuntime
    private let session: OpaquePointer
    private let memoryInfo: OpaquePointer
    #endif

    /// Loads `model`, with `threads` threads for each run's operators.
    ///
    /// `plansMemory` keeps ONNX Runtime's memory pattern: buffers planned from earlier runs, which
    /// suits models run many times on small inputs (recognisers). A detector run once a page, on
    /// pages of every size, should go without: PP-OCR's detector then peaked 0.65 GB lower over
    /// two workers on receipts, for 3% more time.
    ///
    /// `releasesMemory` gives each block of a run back to the system as soon as it is freed, rather
    /// than keeping it in ONNX Runtime's arena for later, which suits a model whose runs take
    /// hundreds of megabytes for a moment (detectors): the session takes its memory from the
    /// environment's allocator, which maps blocks of 2 MB and more from the system with huge pages
    /// advised (one page fault for 2 MB rather than for 4 kB) and, beyond 32 MB of freed blocks
    /// kept for the next requests of their length, unmaps them when freed. A run then holds
    /// little more than what it still uses: 100 receipts read by PP-OCR peaked at 0.49 GB (0.45
    /// keeping none), against 0.61 with the arena shrunk after each run and 0.76 with the arena
    /// kept, in as much time (within 4%, this machine's noise); without huge pages, the faults
    /// made it 37% slower. A
    /// recogniser should keep its arena: its runs are many and small, and giving back after each
    /// took 40 receipts from 0.70 GB to 0.99.
    ///
    /// - Throws: an ``OCRError`` naming the model: not found, corrupt, or not loadable.
    init(runtime: ONNXRuntime, model: String, threads: Int = 1, plansMemory: Bool = true, releasesMemory: Bool = false) throws {
        modelPath = model
        self.threads = threads
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
        // Threads that wait for work spinning would take the cores from a page read beside.
        try runtime.check(api.AddSessionConfigEntry(options, "session.intra_op.allow_spinning", "0"), path: model)
        try runtime.check(api.SetSessionGraphOptimizationLevel(options, ORT_ENABLE_ALL), path: model)
        if !plansMemory { try runtime.check(api.DisableMemPattern(options), path: model) }
        if releasesMemory {
            try runtime.check(api.AddSessionConfigEntry(options, "session.use_env_allocators", "1"), path: model)
        }
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
        func shapes(count: Int, typeInfo: (Int, UnsafeMutablePointer<OpaquePointer?>) -> OpaquePointer?) throws -> [[Int]] {
            try (0..<count).map { index in
                var info: OpaquePointer?
                try runtime.check(typeInfo(index, &info), path: model)
                defer { api.ReleaseTypeInfo(info) }
                var tensorInfo: OpaquePointer?
                try runtime.check(api.CastTypeInfoToTensorInfo(info, &tensorInfo), path: model)
                return try Self.shape(of: tensorInfo, runtime: runtime, path: model)
            }
        }
        inputShapes = try shapes(count: inputNames.count) { api.SessionGetInputTypeInfo(session, $0, $1) }
        outputShapes = try shapes(count: outputNames.count) { api.SessionGetOutputTypeInfo(session, $0, $1) }
        #else
        throw ONNXRuntime.builtWithoutHeaders
        #endif
    }

    #if OCRKIT_ONNXRUNTIME
    deinit {
        ExitSafeRelease.perform("onnxruntime") { [runtime, memoryInfo, session] in
            runtime.api.pointee.ReleaseMemoryInfo(memoryInfo)
            runtime.api.pointee.ReleaseSession(session)
        }
    }
    #endif

    /// The model's custom metadata for `key`, such as PP-OCR's `character` dictionary.
    func metadata(_ key: String) throws -> String? {
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

    /// Runs the model on `inputs`, by input name, and returns a copy of every output, by name.
    func run(_ inputs: [String: Tensor]) throws -> [String: Tensor] {
        try run(inputs) { outputs in outputs.mapValues(\.tensor) }
    }

    /// Runs the model on `inputs`, by input name, and calls `body` with every output, by name,
    /// read where ONNX Runtime left it. A recogniser's outputs are tens of megabytes a batch
    /// (steps x 18,710 classes for PP-OCR's): reading them in place spares a copy the system must
    /// map and fault in every time.
    func run<Result>(_ inputs: [String: Tensor], reading body: ([String: OutputView]) throws -> Result) throws -> Result {
        #if OCRKIT_ONNXRUNTIME
        let api = runtime.api.pointee
        let tensors = try inputNames.map { name in
            guard let input = inputs[name] else {
                throw OCRError(.invalidOption, path: modelPath, reason: "no value for the model's input \(name)")
            }
            return input
        }
        let buffers = tensors.map { $0.element == .float ? InputBuffer.float($0.values) : .int64($0.values.map { Int64($0) }) }
        var outputs = [OpaquePointer?](repeating: nil, count: outputNames.count)
        defer { outputs.forEach { api.ReleaseValue($0) } }
        let start = ContinuousClock.now
        // ONNX Runtime reads the inputs where they are, without copying them, during the run.
        try withBytes(of: buffers[...]) { bytes in
            var values: [OpaquePointer?] = []
            defer { values.forEach { api.ReleaseValue($0) } }
            for (index, tensor) in tensors.enumerated() {
                let shape = tensor.shape.map(Int64.init)
                let type = tensor.element == .float ? ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT : ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64
                var value: OpaquePointer?
                // The pointer is mutable in the C API only: ONNX Runtime does not write to inputs.
                try runtime.check(api.CreateTensorWithDataAsOrtValue(
                    memoryInfo, UnsafeMutableRawPointer(mutating: bytes[index].baseAddress), bytes[index].count, shape,
                    shape.count, type, &value), path: modelPath)
                values.append(value)
            }
            try withCStrings(inputNames) { inputPointers in
                try withCStrings(outputNames) { outputPointers in
                    try values.withUnsafeBufferPointer { inputValues in
                        try runtime.check(api.Run(session, nil, inputPointers, inputValues.baseAddress.map { UnsafePointer($0) },
                                                  inputNames.count, outputPointers, outputNames.count, &outputs), path: modelPath)
                    }
                }
            }
        }
        runtime.recordRun(ContinuousClock.now - start)
        // ONNX Runtime has now made the static objects its clean-up at exit destroys.
        ExitSafeRelease.prepare("onnxruntime")
        var views: [String: OutputView] = [:]
        for (name, output) in zip(outputNames, outputs) {
            var info: OpaquePointer?
            try runtime.check(api.GetTensorTypeAndShape(output, &info), path: modelPath)
            defer { api.ReleaseTensorTypeAndShapeInfo(info) }
            let shape = try Self.shape(of: info, runtime: runtime, path: modelPath)
            var type = ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED
            try runtime.check(api.GetTensorElementType(info, &type), path: modelPath)
            var data: UnsafeMutableRawPointer?
            try runtime.check(api.GetTensorMutableData(output, &data), path: modelPath)
            let element: Tensor.Element
            switch type {
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT: element = .float
            case ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64: element = .int64
            default:
                throw OCRError(.engineFailure, path: modelPath, reason: "the output \(name) is neither float nor int64 (ONNX type \(type.rawValue))")
            }
            views[name] = OutputView(shape: shape, element: element, data: data.map(UnsafeRawPointer.init))
        }
        return try body(views)
        #else
        return try body([:])
        #endif
    }
}

#if OCRKIT_ONNXRUNTIME
extension ONNXSession {
    /// The dimensions a tensor's type and shape information gives.
    fileprivate static func shape(of info: OpaquePointer?, runtime: ONNXRuntime, path: String) throws -> [Int] {
        let api = runtime.api.pointee
        var rank = 0
        try runtime.check(api.GetDimensionsCount(info, &rank), path: path)
        var dimensions = [Int64](repeating: 0, count: rank)
        try runtime.check(api.GetDimensions(info, &dimensions, rank), path: path)
        return dimensions.map(Int.init)
    }
}
#endif

/// An input's values, as the model takes them.
private enum InputBuffer {
    case float([Float])
    case int64([Int64])
}

/// Calls `body` with the bytes of every buffer, valid for the call.
private func withBytes<Result>(of buffers: ArraySlice<InputBuffer>, collected: [UnsafeRawBufferPointer] = [],
                               _ body: ([UnsafeRawBufferPointer]) throws -> Result) rethrows -> Result {
    guard let first = buffers.first else { return try body(collected) }
    switch first {
    case .float(let values):
        return try values.withUnsafeBytes { try withBytes(of: buffers.dropFirst(), collected: collected + [$0], body) }
    case .int64(let values):
        return try values.withUnsafeBytes { try withBytes(of: buffers.dropFirst(), collected: collected + [$0], body) }
    }
}

/// Calls `body` with the strings as an array of C strings, valid for the call.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> Result) rethrows -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return try body(copies.map { UnsafePointer($0) })
}
