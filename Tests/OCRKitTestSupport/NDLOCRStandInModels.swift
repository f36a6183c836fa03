import Foundation
import OCRKit

/// Stand-ins for NDLOCR-Lite's models, made by scripts/make-ndlocr-test-models: the real models'
/// inputs and outputs, a layout model that finds the boxes it is told to, and line models that
/// really read one simple script (dark reads `#`, white `=`, mid grey ends the line).
public struct NDLOCRStandInModels: Sendable {
    /// The folder of the models and their NDLmoji.yaml and ndl.yaml.
    public let folder: TemporaryFolder

    /// Layout classes as in ndl.yaml: 0 is a block, 1 a line.
    public static let block = 1, line = 2

    /// Whether ONNX Runtime loads and the onnx Python package the script needs is in .deps/.
    public static let canBeMade = InstalledDependencies.onnxRuntimeLibrary.hasPrefix("/")
        && FileManager.default.fileExists(atPath: root.appendingPathComponent(".deps/python-onnx/onnx").path)

    private static let root = SharedData.packageRoot

    public init(detections: [(label: Int, box: [Double], score: Double, lengthClass: Int)]) throws {
        folder = try TemporaryFolder()
        let spec: [String: Any] = [
            "classes": 12,
            "detections": detections.map { ["label": $0.label, "box": $0.box, "score": $0.score, "char_count": $0.lengthClass] },
        ]
        let specPath = folder.file("spec.json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let made = try Tool.run("python3", [Self.root.appendingPathComponent("scripts/make-ndlocr-test-models").path, folder.path, specPath],
                                environment: ["PYTHONPATH": Self.root.appendingPathComponent(".deps/python-onnx").path])
        guard made.status == 0 else { throw OCRError(.engineFailure, reason: "making the stand-in models failed: \(made.errors)") }
        _ = try folder.write(Array("model:\n  charset_train: \"#=abcdefghij\"\n".utf8), to: "NDLmoji.yaml")
        _ = try folder.write(Array("names:\n  0: text_block\n  1: line_main\n  2: block_fig\n".utf8), to: "ndl.yaml")
    }
}
